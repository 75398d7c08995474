import { Injectable } from '@nestjs/common';
import { type Flight } from '@pft/contracts';
import { decideRecordFlight, isRejection, parseFlight } from '@pft/domain';
import { invalidRequest, rejectionError } from '../../http/api-rejection';
import { FlightsRepository } from '../flights.repository';
import { LogbookTransaction } from '../logbook-transaction';
import { todayUtc } from '../today';

export interface RecordFlightResult {
  flight: Flight;
  /** False when the same flight was already recorded: nothing new, answered 200. */
  created: boolean;
}

@Injectable()
export class RecordFlightHandler {
  constructor(
    private readonly logbook: LogbookTransaction,
    private readonly flights: FlightsRepository,
  ) {}

  async execute(pilot: string, body: unknown, requestId: string): Promise<RecordFlightResult> {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flight = parsed.value;
    return this.logbook.run(pilot, requestId, async (tx, append) => {
      const decision = decideRecordFlight(
        await this.flights.state(tx, pilot, flight.flight_id),
        pilot,
        flight,
      );
      if (isRejection(decision)) throw rejectionError(decision);
      if (decision.events.length === 0) return { flight: decision.flight ?? flight, created: false };
      await append(decision.events);
      await this.flights.save(tx, pilot, flight);
      return { flight, created: true };
    });
  }
}
