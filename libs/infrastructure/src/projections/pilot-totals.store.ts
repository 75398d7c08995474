import {
  ENTERED_TOTALS_FIELDS,
  type AircraftCategory,
  type FlightKind,
  type StartingTotals,
} from '@pft/contracts';
import { initialPilotTotalsState, type FlightFacts, type PilotTotalsState } from '@pft/domain';
import { type Queryable } from './pilot-totals.read-model';
import { projectionTables } from './projection-tables';

/**
 * Loads and stores the slice of pilots' fold state that one batch needs, set-based: a handful of
 * statements per batch whatever its size, each over arrays (unnest) rather than a row at a time.
 */
export interface PilotSlice {
  state: PilotTotalsState;
  /** Rating minutes as stored, to write only what changed. */
  storedRatings: Record<string, number>;
  /** Flight ids as stored, to tell upserts from deletions. */
  storedFlights: ReadonlySet<string>;
}

type TotalsRow = Record<(typeof ENTERED_TOTALS_FIELDS)[number], string> & {
  pilot_account_id: string;
  stream_version: number;
  total_day: string;
  total_night: string;
  flight_count: string;
  starting_totals: StartingTotals | null;
};

type FlightRow = {
  pilot_account_id: string;
  flight_id: string;
  flight_date: string;
  kind: FlightKind;
  category: AircraftCategory;
  rating_key: string | null;
  minutes: number[];
  landings_day: number;
  landings_night: number;
};

const emptySlice = (): PilotSlice => ({
  state: initialPilotTotalsState(),
  storedRatings: {},
  storedFlights: new Set(),
});

/** Locks and reads the pilots' rows and the named flights. Pilots never projected get an empty slice. */
export async function loadPilotSlices(
  q: Queryable,
  version: number,
  pilotIds: string[],
  flightRefs: { pilotId: string; flightId: string }[],
): Promise<Map<string, PilotSlice>> {
  const t = projectionTables(version);
  const slices = new Map(pilotIds.map((id) => [id, emptySlice()]));
  const totals = (await q.query(
    `select * from ${t.totals} where pilot_account_id = any($1::uuid[]) order by pilot_account_id for update`,
    [pilotIds],
  )) as TotalsRow[];
  for (const row of totals) {
    const slice = slices.get(row.pilot_account_id)!;
    slice.state.version = row.stream_version;
    slice.state.starting = row.starting_totals;
    const sums = slice.state.sums;
    for (const f of ENTERED_TOTALS_FIELDS) sums.totals[f] = Number(row[f]);
    sums.total_day = Number(row.total_day);
    sums.total_night = Number(row.total_night);
    sums.flight_count = Number(row.flight_count);
  }
  if (totals.length > 0) {
    const ratings = (await q.query(
      `select pilot_account_id, rating_key, minutes from ${t.ratings} where pilot_account_id = any($1::uuid[])`,
      [totals.map((r) => r.pilot_account_id)],
    )) as { pilot_account_id: string; rating_key: string; minutes: string }[];
    for (const r of ratings) {
      const slice = slices.get(r.pilot_account_id)!;
      slice.state.sums.rating_breakdown[r.rating_key] = Number(r.minutes);
      slice.storedRatings[r.rating_key] = Number(r.minutes);
    }
  }
  if (flightRefs.length > 0 && totals.length > 0) {
    const flights = (await q.query(
      `select f.pilot_account_id, f.flight_id, to_char(f.flight_date, 'YYYY-MM-DD') as flight_date, f.kind, f.category,
              f.rating_key, f.minutes, f.landings_day, f.landings_night
         from ${t.flights} f
         join unnest($1::uuid[], $2::uuid[]) as ref (pilot_account_id, flight_id)
           on f.pilot_account_id = ref.pilot_account_id and f.flight_id = ref.flight_id`,
      [flightRefs.map((r) => r.pilotId), flightRefs.map((r) => r.flightId)],
    )) as FlightRow[];
    for (const row of flights) {
      const slice = slices.get(row.pilot_account_id)!;
      (slice.state.flights as Map<string, FlightFacts>).set(row.flight_id, {
        date: row.flight_date,
        kind: row.kind,
        category: row.category,
        rating_key: row.rating_key,
        minutes: row.minutes,
        landings_day: row.landings_day,
        landings_night: row.landings_night,
      });
      (slice.storedFlights as Set<string>).add(row.flight_id);
    }
  }
  return slices;
}

export interface ChangedPilot {
  pilotId: string;
  slice: PilotSlice;
  /** The state after the batch. */
  state: PilotTotalsState;
  /** Flight ids the batch touched (recorded, amended or deleted). */
  touchedFlights: ReadonlySet<string>;
}

/** Writes the changed pilots' rows, flights and rating minutes, then re-derives `last_flight_date`. */
export async function storePilotChanges(
  q: Queryable,
  version: number,
  partition: number,
  changed: ChangedPilot[],
): Promise<void> {
  if (changed.length === 0) return;
  const t = projectionTables(version);
  const cols = ENTERED_TOTALS_FIELDS;
  const params: unknown[] = [
    changed.map((c) => c.pilotId),
    changed.map((c) => c.state.version),
    ...cols.map((f) => changed.map((c) => c.state.sums.totals[f])),
    changed.map((c) => c.state.sums.total_day),
    changed.map((c) => c.state.sums.total_night),
    changed.map((c) => c.state.sums.flight_count),
    changed.map((c) => (c.state.starting ? JSON.stringify(c.state.starting) : null)),
    partition,
  ];
  const sumParams = cols.map((_, i) => `$${i + 3}::bigint[]`).join(', ');
  const n = cols.length + 3;
  await q.query(
    `insert into ${t.totals} (pilot_account_id, stream_version, ${cols.join(', ')}, total_day, total_night,
                               flight_count, starting_totals, kafka_partition, updated_at)
     select u.*, $${n + 4}::integer, now()
       from unnest($1::uuid[], $2::integer[], ${sumParams}, $${n}::bigint[], $${n + 1}::bigint[], $${n + 2}::bigint[],
                   $${n + 3}::jsonb[]) as u
     on conflict (pilot_account_id) do update set
       stream_version = excluded.stream_version, kafka_partition = excluded.kafka_partition,
       ${cols.map((f) => `${f} = excluded.${f}`).join(', ')},
       total_day = excluded.total_day, total_night = excluded.total_night, flight_count = excluded.flight_count,
       starting_totals = excluded.starting_totals, updated_at = excluded.updated_at`,
    params,
  );
  await storeFlights(q, t.flights, changed);
  await storeRatings(q, t.ratings, changed);
  const withFlightChanges = changed.filter((c) => c.touchedFlights.size > 0).map((c) => c.pilotId);
  if (withFlightChanges.length > 0) {
    await q.query(
      `update ${t.totals} t set last_flight_date = (
          select max(f.flight_date) from ${t.flights} f where f.pilot_account_id = t.pilot_account_id and f.kind = 'flight')
        where t.pilot_account_id = any($1::uuid[])`,
      [withFlightChanges],
    );
  }
}

async function storeFlights(q: Queryable, table: string, changed: ChangedPilot[]): Promise<void> {
  const upserts: { pilotId: string; flightId: string; facts: FlightFacts }[] = [];
  const deletions: { pilotId: string; flightId: string }[] = [];
  for (const c of changed) {
    for (const flightId of c.touchedFlights) {
      const facts = c.state.flights.get(flightId);
      if (facts) upserts.push({ pilotId: c.pilotId, flightId, facts });
      else if (c.slice.storedFlights.has(flightId)) deletions.push({ pilotId: c.pilotId, flightId });
    }
  }
  if (deletions.length > 0) {
    await q.query(
      `delete from ${table} f using unnest($1::uuid[], $2::uuid[]) as d (pilot_account_id, flight_id)
        where f.pilot_account_id = d.pilot_account_id and f.flight_id = d.flight_id`,
      [deletions.map((d) => d.pilotId), deletions.map((d) => d.flightId)],
    );
  }
  if (upserts.length === 0) return;
  await q.query(
    `insert into ${table} (pilot_account_id, flight_id, flight_date, kind, category, rating_key, minutes,
                           landings_day, landings_night)
     select p, f, d::date, k, c, r, m::integer[], ld, ln
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::integer[], $9::integer[]) as u (p, f, d, k, c, r, m, ld, ln)
     on conflict (pilot_account_id, flight_id) do update set
       flight_date = excluded.flight_date, kind = excluded.kind, category = excluded.category,
       rating_key = excluded.rating_key, minutes = excluded.minutes,
       landings_day = excluded.landings_day, landings_night = excluded.landings_night`,
    [
      upserts.map((u) => u.pilotId),
      upserts.map((u) => u.flightId),
      upserts.map((u) => u.facts.date),
      upserts.map((u) => u.facts.kind),
      upserts.map((u) => u.facts.category),
      upserts.map((u) => u.facts.rating_key),
      upserts.map((u) => `{${u.facts.minutes.join(',')}}`),
      upserts.map((u) => u.facts.landings_day),
      upserts.map((u) => u.facts.landings_night),
    ],
  );
}

async function storeRatings(q: Queryable, table: string, changed: ChangedPilot[]): Promise<void> {
  const upserts: [string, string, number][] = [];
  const deletions: [string, string][] = [];
  for (const c of changed) {
    const keys = new Set([
      ...Object.keys(c.slice.storedRatings),
      ...Object.keys(c.state.sums.rating_breakdown),
    ]);
    for (const key of keys) {
      const now = c.state.sums.rating_breakdown[key] ?? 0;
      if (now === (c.slice.storedRatings[key] ?? 0)) continue;
      if (now === 0) deletions.push([c.pilotId, key]);
      else upserts.push([c.pilotId, key, now]);
    }
  }
  if (deletions.length > 0) {
    await q.query(
      `delete from ${table} r using unnest($1::uuid[], $2::text[]) as d (pilot_account_id, rating_key)
        where r.pilot_account_id = d.pilot_account_id and r.rating_key = d.rating_key`,
      [deletions.map((d) => d[0]), deletions.map((d) => d[1])],
    );
  }
  if (upserts.length > 0) {
    await q.query(
      `insert into ${table} (pilot_account_id, rating_key, minutes)
       select * from unnest($1::uuid[], $2::text[], $3::bigint[])
       on conflict (pilot_account_id, rating_key) do update set minutes = excluded.minutes`,
      [upserts.map((u) => u[0]), upserts.map((u) => u[1]), upserts.map((u) => u[2])],
    );
  }
}
