import { type Flight } from '@pft/contracts';
import { type FlightState } from '../domain/logbook.decide';
import { type AppendGuard, type AppendProjection } from '@pft/event-store/command-pipeline';
import { queryPrepared } from '@pft/platform/database/prepared-statement';
import { type Queryable } from '@pft/platform/database/queryable';

interface StateRow {
  flight: Flight;
  deleted: boolean;
}

/**
 * The `flights` table: each pilot's flights as the events left them (current form, or deleted).
 * Commands are decided on it and it changes in the same transaction as the events.
 */
export class FlightsRepository {
  async state(runner: Queryable, pilot: string, flightId: string): Promise<FlightState | undefined> {
    const rows = await queryPrepared<StateRow>(
      runner,
      `select flight, deleted_at is not null as deleted from flights where pilot_account_id = $1 and flight_id = $2`,
      [pilot, flightId],
    );
    return rows[0];
  }

  async states(runner: Queryable, pilot: string, flightIds: string[]): Promise<Map<string, FlightState>> {
    const rows = (await runner.query(
      `select flight, deleted_at is not null as deleted from flights
        where pilot_account_id = $1 and flight_id = any($2::uuid[])`,
      [pilot, flightIds],
    )) as StateRow[];
    return new Map(rows.map((r) => [r.flight.flight_id, r]));
  }

  async save(runner: Queryable, pilot: string, flight: Flight): Promise<void> {
    await queryPrepared(
      runner,
      `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
       values ($1, $2, $3::jsonb, $4::date, now(), now())
       on conflict (pilot_account_id, flight_id)
       do update set flight = excluded.flight, flight_date = excluded.flight_date, deleted_at = null, updated_at = now()`,
      [pilot, flight.flight_id, JSON.stringify(flight), flight.date],
    );
  }

  /**
   * The flight inserted unless its id is known to the pilot (recorded, amended or deleted), as the
   * condition of the FlightRecorded decided for an unknown id (StreamCommand.guess): no row, no event.
   */
  insertIfNew(pilot: string, flight: Flight): AppendGuard {
    return {
      sql: `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
            values ($1, $2, $3::jsonb, $4::date, now(), now())
            on conflict (pilot_account_id, flight_id) do nothing
            returning 1`,
      params: [pilot, flight.flight_id, JSON.stringify(flight), flight.date],
      grouped: {
        ...FlightsRepository.INSERT_NEW_FLIGHTS,
        row: { pilot_account_id: pilot, flight_id: flight.flight_id, flight, date: flight.date },
      },
    };
  }

  /**
   * `insertIfNew` for a group of appends in one statement (GroupedGuard): each flight inserted unless
   * known, in key order; an append passes when its flight went in.
   */
  private static readonly INSERT_NEW_FLIGHTS = {
    cte: `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
          select (row->>'pilot_account_id')::uuid, (row->>'flight_id')::uuid, row->'flight',
                 (row->>'date')::date, now(), now()
            from guard_rows
           order by 1, 2
          on conflict (pilot_account_id, flight_id) do nothing
          returning pilot_account_id, flight_id`,
    passed: `select g.ord from guard_rows g
               join guard f on f.pilot_account_id = (g.row->>'pilot_account_id')::uuid
                           and f.flight_id = (g.row->>'flight_id')::uuid`,
  };

  /**
   * Inserts `flights`, new to `pilot`, in the statement that appends their FlightRecorded events, in the
   * same order (AppendOptions.fromAppended): a logbook import's flights, sent once as they are, not read
   * back out of the events (whose payloads are sealed).
   */
  insertRecorded(pilot: string, flights: readonly Flight[]): AppendProjection {
    return {
      cte: `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
            select $1::uuid, (f.flight->>'flight_id')::uuid, f.flight, (f.flight->>'date')::date, now(), now()
              from appended a join jsonb_array_elements($2::jsonb) with ordinality as f (flight, ord) on f.ord = a.ord
             where a.type = 'FlightRecorded'`,
      params: [pilot, JSON.stringify(flights)],
    };
  }

  async markDeleted(runner: Queryable, pilot: string, flightId: string): Promise<void> {
    await queryPrepared(
      runner,
      `update flights set deleted_at = now(), updated_at = now() where pilot_account_id = $1 and flight_id = $2`,
      [pilot, flightId],
    );
  }

  /** A page of current flights, newest date first, after the (date, id) of `after`. */
  async page(
    runner: Queryable,
    pilot: string,
    after: { date: string; flightId: string } | null,
    limit: number,
  ): Promise<Flight[]> {
    const rows = (await runner.query(
      `select flight from flights
        where pilot_account_id = $1 and deleted_at is null
          and ($2::date is null or (flight_date, flight_id) < ($2::date, $3::uuid))
        order by flight_date desc, flight_id desc
        limit $4`,
      [pilot, after?.date ?? null, after?.flightId ?? null, limit],
    )) as { flight: Flight }[];
    return rows.map((r) => r.flight);
  }

  async current(runner: Queryable, pilot: string): Promise<Flight[]> {
    const rows = (await runner.query(
      `select flight from flights where pilot_account_id = $1 and deleted_at is null`,
      [pilot],
    )) as { flight: Flight }[];
    return rows.map((r) => r.flight);
  }
}
