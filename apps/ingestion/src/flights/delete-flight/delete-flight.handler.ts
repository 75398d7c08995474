import { Injectable } from '@nestjs/common';
import { decideDeleteFlight, isRejection, isUuid } from '@pft/domain';
import { rejectionError } from '../../http/api-rejection';
import { FlightsRepository } from '../flights.repository';
import { LogbookTransaction } from '../logbook-transaction';

@Injectable()
export class DeleteFlightHandler {
  constructor(
    private readonly logbook: LogbookTransaction,
    private readonly flights: FlightsRepository,
  ) {}

  execute(pilot: string, flightId: string, requestId: string): Promise<void> {
    return this.logbook.run(pilot, requestId, async (tx, append) => {
      const state = isUuid(flightId)
        ? await this.flights.state(tx, pilot, flightId.toLowerCase())
        : undefined;
      const decision = decideDeleteFlight(state, pilot);
      if (isRejection(decision)) throw rejectionError(decision);
      await append(decision.events);
      await this.flights.markDeleted(tx, pilot, flightId.toLowerCase());
    });
  }
}
