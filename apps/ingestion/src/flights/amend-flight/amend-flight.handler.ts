import { Injectable } from '@nestjs/common';
import { type Flight } from '@pft/contracts';
import { decideAmendFlight, isRejection, isUuid, parseFlight } from '@pft/domain';
import { invalidRequest, rejectionError } from '../../http/api-rejection';
import { FlightsRepository } from '../flights.repository';
import { LogbookTransaction } from '../logbook-transaction';
import { todayUtc } from '../today';

@Injectable()
export class AmendFlightHandler {
  constructor(
    private readonly logbook: LogbookTransaction,
    private readonly flights: FlightsRepository,
  ) {}

  async execute(pilot: string, flightId: string, body: unknown, requestId: string): Promise<Flight> {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flight = parsed.value;
    return this.logbook.run(pilot, requestId, async (tx, append) => {
      const state = isUuid(flightId)
        ? await this.flights.state(tx, pilot, flightId.toLowerCase())
        : undefined;
      const decision = decideAmendFlight(state, pilot, flightId, flight);
      if (isRejection(decision)) throw rejectionError(decision);
      if (decision.events.length === 0) return decision.flight ?? flight;
      await append(decision.events);
      await this.flights.save(tx, pilot, flight);
      return flight;
    });
  }
}
