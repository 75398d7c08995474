import { Injectable } from '@nestjs/common';
import { decideImportFlights, isRejection, parseFlightImport } from '@pft/domain';
import { invalidRequest, rejectionError } from '../../http/api-rejection';
import { FlightsRepository } from '../flights.repository';
import { LogbookTransaction } from '../logbook-transaction';
import { todayUtc } from '../today';

/**
 * A logbook import: one transaction, one statement for the events and the flights made from them, so
 * a thousand flights cost about what one does (no round trip per flight, the flights sent once).
 */
@Injectable()
export class ImportFlightsHandler {
  constructor(
    private readonly logbook: LogbookTransaction,
    private readonly flights: FlightsRepository,
  ) {}

  async execute(pilot: string, body: unknown, requestId: string): Promise<{ imported: number }> {
    const parsed = parseFlightImport(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flights = parsed.value;
    return this.logbook.run(pilot, requestId, async (tx, append) => {
      const states = await this.flights.states(
        tx,
        pilot,
        flights.map((f) => f.flight_id),
      );
      const decision = decideImportFlights(states, pilot, flights);
      if (isRejection(decision)) throw rejectionError(decision);
      await append(decision.events, { fromAppended: FlightsRepository.INSERT_RECORDED_FLIGHTS });
      return { imported: flights.length };
    });
  }
}
