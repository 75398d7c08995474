import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { logbookStreamId, type Flight } from '@pft/contracts';
import { decideRecordFlight, isRejection, parseFlight } from '@pft/domain';
import { appendEvents, StreamVersionConflict } from '@pft/event-store';
import { invalidRequest, rejectionError } from '../../http/api-rejection';
import { RelayWake } from '../../relay/relay-wake';
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
    private readonly dataSource: DataSource,
    private readonly relay: RelayWake,
  ) {}

  async execute(pilot: string, body: unknown, requestId: string): Promise<RecordFlightResult> {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const flight = parsed.value;
    if (await this.recordIfNew(pilot, flight, requestId)) return { flight, created: true };
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

  /**
   * The common case, a flight id not seen before, in one statement (one round trip, no lock): the
   * flight row is inserted unless the id exists, and the FlightRecorded the domain decides for an unknown
   * id is appended only if it was. Anything else (a replay, a conflict, a concurrent append to the
   * pilot's stream) answers false and goes the locked way above.
   */
  private async recordIfNew(pilot: string, flight: Flight, requestId: string): Promise<boolean> {
    const decision = decideRecordFlight(undefined, pilot, flight);
    if (isRejection(decision)) return false;
    try {
      const result = await appendEvents(
        this.dataSource,
        logbookStreamId(pilot),
        'any',
        decision.events,
        { request_id: requestId },
        {
          streamLocked: true,
          notify: false,
          onlyIf: {
            cte: `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
                  values ($7, $8, $9::jsonb, $10::date, now(), now())
                  on conflict (pilot_account_id, flight_id) do nothing
                  returning 1`,
            params: [pilot, flight.flight_id, JSON.stringify(flight), flight.date],
          },
        },
      );
      if (result.events.length === 0) return false;
    } catch (err) {
      if (err instanceof StreamVersionConflict) return false;
      throw err;
    }
    this.relay.afterCommit();
    return true;
  }
}
