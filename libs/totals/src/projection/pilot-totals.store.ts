import {
  ENTERED_TOTALS_FIELDS,
  type AircraftCategory,
  type AircraftFeature,
  type FlightKind,
  type StartingTotals,
} from '@pft/contracts';
import { type ExperienceGroup } from '../domain/experience/experience-aggregates';
import { initialPilotTotalsState, type PilotTotalsState } from '../domain/pilot-totals.fold';
import { type ExperienceFacts, type FlightFacts } from '../domain/flight-contribution';
import { integerArraysLiteral, unquotedArrayLiteral as list } from './pg-array-literal';
import { type Queryable } from '../read/pilot-totals.read-model';
import { experienceWritesOf, storeExperience } from './pilot-experience.store';
import { EXPERIENCE_FLIGHT_COLUMNS, projectionTables } from './projection-tables';

/**
 * Loads and stores the slice of pilots' fold state that one batch needs, set-based: a handful of
 * statements per batch whatever its size, each over arrays (unnest) rather than a row at a time.
 * No row locks: a pilot's events all come from one partition, and the batch already holds the
 * lock on that partition's offset row.
 */
export interface PilotSlice {
  /** As loaded; the fold never mutates it, so it stays the "before" of the batch. */
  state: PilotTotalsState;
  lastFlightDate: string | null;
  /** The pilot's experience groups; null for a row projected before the experience was (see docs/projections.md). */
  experienceGroups: ExperienceGroup[] | null;
}

/** A pilot the projection holds nothing of. */
export const emptyPilotSlice = (version = 0): PilotSlice => ({
  state: { ...initialPilotTotalsState(), version },
  lastFlightDate: null,
  experienceGroups: [],
});

type TotalsRow = Record<(typeof ENTERED_TOTALS_FIELDS)[number], string> & {
  pilot_account_id: string;
  stream_version: number;
  total_day: string;
  total_night: string;
  flight_count: string;
  last_flight_date: string | null;
  rating_breakdown: Record<string, number>;
  starting_totals: StartingTotals | null;
  experience_groups: ExperienceGroup[] | null;
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
} & { [K in keyof Omit<ExperienceFacts, 'features'>]: ExperienceFacts[K] | null } & {
  features: string | null;
};

/** The experience columns of `pilot_flights_v<N>`, in the order `storeFlights` sends them. */
const EXPERIENCE_COLUMNS = EXPERIENCE_FLIGHT_COLUMNS.map(([name]) => name);

/** Reads the pilots' rows and the named flights. Pilots never projected get the initial state. */
export async function loadPilotSlices(
  q: Queryable,
  version: number,
  pilotIds: string[],
  flightRefs: { pilotId: string; flightId: string }[],
): Promise<Map<string, PilotSlice>> {
  const t = projectionTables(version);
  const slices = new Map<string, PilotSlice>(pilotIds.map((id) => [id, emptyPilotSlice()]));
  const rows = (await q.query(
    `select *, to_char(last_flight_date, 'YYYY-MM-DD') as last_flight_date
       from ${t.totals} where pilot_account_id = any($1::uuid[])`,
    [list(pilotIds)],
  )) as TotalsRow[];
  for (const row of rows) {
    const slice = slices.get(row.pilot_account_id)!;
    const { state } = slice;
    state.version = row.stream_version;
    state.starting = row.starting_totals;
    for (const f of ENTERED_TOTALS_FIELDS) state.sums.totals[f] = Number(row[f]);
    state.sums.total_day = Number(row.total_day);
    state.sums.total_night = Number(row.total_night);
    state.sums.flight_count = Number(row.flight_count);
    state.sums.rating_breakdown = { ...row.rating_breakdown };
    slice.lastFlightDate = row.last_flight_date;
    slice.experienceGroups = row.experience_groups;
  }
  if (flightRefs.length === 0 || rows.length === 0) return slices;
  const flights = (await q.query(
    `select f.pilot_account_id, f.flight_id, to_char(f.flight_date, 'YYYY-MM-DD') as flight_date, f.kind, f.category,
            f.rating_key, f.minutes, f.landings_day, f.landings_night, ${EXPERIENCE_COLUMNS.map((c) => `f.${c}`).join(', ')}
       from ${t.flights} f
       join unnest($1::uuid[], $2::uuid[]) as ref (pilot_account_id, flight_id)
         on f.pilot_account_id = ref.pilot_account_id and f.flight_id = ref.flight_id`,
    [list(flightRefs.map((r) => r.pilotId)), list(flightRefs.map((r) => r.flightId))],
  )) as FlightRow[];
  for (const row of flights) {
    const flightsOfPilot = slices.get(row.pilot_account_id)!.state.flights as Map<string, FlightFacts>;
    flightsOfPilot.set(row.flight_id, {
      date: row.flight_date,
      kind: row.kind,
      category: row.category,
      rating_key: row.rating_key,
      minutes: row.minutes,
      landings_day: row.landings_day,
      landings_night: row.landings_night,
      // Null only in rows stored before the experience was projected, of pilots it skips (experienceGroups null).
      experience: {
        type_designator: row.type_designator,
        engine: row.engine ?? 'unknown',
        features: (row.features ?? '').split(' ').filter((f): f is AircraftFeature => f !== ''),
        takeoffs_day: row.takeoffs_day ?? 0,
        takeoffs_night: row.takeoffs_night ?? 0,
        landings_day_full_stop: row.landings_day_full_stop ?? 0,
        landings_night_full_stop: row.landings_night_full_stop ?? 0,
        approaches: row.approaches ?? 0,
        holds: row.holds ?? 0,
      },
    });
  }
  return slices;
}

export interface ChangedPilot {
  pilotId: string;
  before: PilotSlice;
  /** The state after the batch. */
  state: PilotTotalsState;
  /** Flight ids the batch recorded, amended or deleted. */
  touchedFlights: ReadonlySet<string>;
}

/**
 * `last_flight_date` after the batch, from the slice alone when it can be: null when it must be
 * looked up again, because the batch took away or moved back the flight that held the latest date.
 */
function lastFlightDateAfter({ before, state, touchedFlights }: ChangedPilot): string | null | undefined {
  let latest = before.lastFlightDate;
  for (const id of touchedFlights) {
    const old = before.state.flights.get(id);
    const now = state.flights.get(id);
    const nowDate = now?.kind === 'flight' ? now.date : null;
    if (
      old?.kind === 'flight' &&
      old.date === before.lastFlightDate &&
      (nowDate === null || nowDate < old.date)
    ) {
      return undefined;
    }
    if (nowDate !== null && (latest === null || nowDate > latest)) latest = nowDate;
  }
  return latest;
}

/** Deletes every row of pilots whose accounts were erased (AccountErased), in this version's tables. */
export async function deleteErasedPilots(q: Queryable, version: number, pilotIds: string[]): Promise<void> {
  if (pilotIds.length === 0) return;
  const t = projectionTables(version);
  for (const table of [t.flights, t.experienceDays, t.experienceYears]) {
    await q.query(`delete from ${table} where pilot_account_id = any($1::uuid[])`, [list(pilotIds)]);
  }
  await q.query(`delete from ${t.totals} where pilot_account_id = any($1::uuid[])`, [list(pilotIds)]);
}

/** Writes the changed pilots' rows and flights; `last_flight_date` is looked up only where it fell back. */
export async function storePilotChanges(
  q: Queryable,
  version: number,
  partition: number,
  changed: ChangedPilot[],
): Promise<void> {
  if (changed.length === 0) return;
  const t = projectionTables(version);
  const cols = ENTERED_TOTALS_FIELDS;
  const lastDates = changed.map(lastFlightDateAfter);
  const experience = experienceWritesOf(
    changed.map((c) => ({
      pilotId: c.pilotId,
      groupsBefore: c.before.experienceGroups,
      flightsBefore: c.before.state.flights,
      flightsAfter: c.state.flights,
      touchedFlights: c.touchedFlights,
    })),
  );
  const n = cols.length + 3;
  await q.query(
    `insert into ${t.totals} (pilot_account_id, stream_version, ${cols.join(', ')}, total_day, total_night,
                               flight_count, last_flight_date, rating_breakdown, starting_totals, experience_groups,
                               kafka_partition, updated_at)
     select u.*, $${n + 5}::integer, now()
       from unnest($1::uuid[], $2::integer[], ${cols.map((_, i) => `$${i + 3}::bigint[]`).join(', ')},
                   $${n}::bigint[], $${n + 1}::bigint[], $${n + 2}::bigint[], $${n + 3}::date[], $${n + 4}::jsonb[],
                   $${n + 6}::jsonb[], $${n + 7}::jsonb[]) as u
     on conflict (pilot_account_id) do update set
       stream_version = excluded.stream_version, kafka_partition = excluded.kafka_partition,
       ${cols.map((f) => `${f} = excluded.${f}`).join(', ')},
       total_day = excluded.total_day, total_night = excluded.total_night, flight_count = excluded.flight_count,
       last_flight_date = excluded.last_flight_date, rating_breakdown = excluded.rating_breakdown,
       starting_totals = coalesce(excluded.starting_totals, ${t.totals}.starting_totals),
       experience_groups = coalesce(excluded.experience_groups, ${t.totals}.experience_groups),
       updated_at = excluded.updated_at`,
    [
      list(changed.map((c) => c.pilotId)),
      list(changed.map((c) => c.state.version)),
      ...cols.map((f) => list(changed.map((c) => c.state.sums.totals[f]))),
      list(changed.map((c) => c.state.sums.total_day)),
      list(changed.map((c) => c.state.sums.total_night)),
      list(changed.map((c) => c.state.sums.flight_count)),
      list(lastDates.map((d) => d ?? null)),
      changed.map((c) => JSON.stringify(withoutZeros(c.state.sums.rating_breakdown))),
      partition,
      // Starting totals are written only when the batch replaced them (null keeps the stored ones).
      changed.map((c) =>
        c.state.starting !== c.before.state.starting ? JSON.stringify(c.state.starting) : null,
      ),
      // Written only when they changed (null keeps the stored ones), as the starting totals.
      experience.groups.map((groups) => (groups === null ? null : JSON.stringify(groups))),
    ],
  );
  await storeFlights(q, t.flights, changed);
  await storeExperience(q, t, experience);
  const fellBack = changed.filter((_, i) => lastDates[i] === undefined).map((c) => c.pilotId);
  if (fellBack.length > 0) {
    await q.query(
      `update ${t.totals} t set last_flight_date = (
          select max(f.flight_date) from ${t.flights} f where f.pilot_account_id = t.pilot_account_id and f.kind = 'flight')
        where t.pilot_account_id = any($1::uuid[])`,
      [list(fellBack)],
    );
  }
}

const withoutZeros = (breakdown: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(breakdown).filter(([, minutes]) => minutes !== 0));

async function storeFlights(q: Queryable, table: string, changed: ChangedPilot[]): Promise<void> {
  const upserts: { pilotId: string; flightId: string; facts: FlightFacts }[] = [];
  const deletions: { pilotId: string; flightId: string }[] = [];
  for (const c of changed) {
    for (const flightId of c.touchedFlights) {
      const facts = c.state.flights.get(flightId);
      if (facts) upserts.push({ pilotId: c.pilotId, flightId, facts });
      else deletions.push({ pilotId: c.pilotId, flightId });
    }
  }
  if (deletions.length > 0) {
    await q.query(
      `delete from ${table} f using unnest($1::uuid[], $2::uuid[]) as d (pilot_account_id, flight_id)
        where f.pilot_account_id = d.pilot_account_id and f.flight_id = d.flight_id`,
      [list(deletions.map((d) => d.pilotId)), list(deletions.map((d) => d.flightId))],
    );
  }
  if (upserts.length === 0) return;
  const counted = ['landings_day', 'landings_night', ...COUNT_COLUMNS];
  await q.query(
    `insert into ${table} (pilot_account_id, flight_id, flight_date, kind, category, rating_key, minutes,
                           ${counted.join(', ')}, type_designator, engine, features)
     select u.p, u.f, u.d::date, u.k, u.c, u.r, u.m::integer[],
            ${counted.map((_, j) => `($10::integer[])[u.i][${j + 1}]`).join(', ')}, u.t, u.e, u.s
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $11::text[]) with ordinality as u (p, f, d, k, c, r, m, t, e, s, i)
     on conflict (pilot_account_id, flight_id) do update set
       flight_date = excluded.flight_date, kind = excluded.kind, category = excluded.category,
       rating_key = excluded.rating_key, minutes = excluded.minutes,
       landings_day = excluded.landings_day, landings_night = excluded.landings_night,
       ${EXPERIENCE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [
      list(upserts.map((u) => u.pilotId)),
      list(upserts.map((u) => u.flightId)),
      list(upserts.map((u) => u.facts.date)),
      list(upserts.map((u) => u.facts.kind)),
      list(upserts.map((u) => u.facts.category)),
      // Free text: left to node-postgres to quote.
      upserts.map((u) => u.facts.rating_key),
      integerArraysLiteral(upserts.map((u) => u.facts.minutes)),
      list(upserts.map((u) => u.facts.experience.type_designator)),
      list(upserts.map((u) => u.facts.experience.engine)),
      countsRowsLiteral(upserts.map((u) => u.facts)),
      // Space-separated: left to node-postgres to quote.
      upserts.map((u) => u.facts.experience.features.join(' ')),
    ],
  );
}

/** The experience counts a flight row keeps, after its landings (FlightFacts.experience). */
const COUNT_COLUMNS = EXPERIENCE_COLUMNS.slice(3) as Exclude<
  keyof ExperienceFacts,
  'type_designator' | 'engine' | 'features'
>[];

/**
 * The flights' landings and experience counts as one two-dimensional array literal, a row per
 * flight in the order of the insert's columns, built in one pass: one parameter in place of eight.
 */
function countsRowsLiteral(facts: readonly FlightFacts[]): string {
  let literal = '{';
  for (let r = 0; r < facts.length; r += 1) {
    const f = facts[r]!;
    literal += `${r === 0 ? '' : ','}{${f.landings_day},${f.landings_night}`;
    for (const column of COUNT_COLUMNS) literal += `,${f.experience[column]}`;
    literal += '}';
  }
  return literal + '}';
}
