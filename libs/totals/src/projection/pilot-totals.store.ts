import { ENTERED_TOTALS_FIELDS } from '@pft/contracts';
import { type PilotTotalsState } from '../domain/pilot-totals.fold';
import { unquotedArrayLiteral as list } from './pg-array-literal';
import { type Queryable } from '../read/pilot-totals.read-model';
import { type YearEntriesAfter, writeYearEntries, yearEntriesSize } from './experience-year-bytes';
import { experienceWritesOf, lookUpLatestDates } from './pilot-experience.store';
import { storeFlights } from './pilot-flights.store';
import { type PilotSlice } from './pilot-slices.load';
import { PILOT_SUM_COLUMNS, projectionTables } from './projection-tables';

/**
 * Stores what one batch changed of the pilots' slices (pilot-slices.load.ts), set-based: a handful
 * of statements per batch whatever its size, each over arrays (unnest) rather than a row at a time.
 */

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
  // The experience sums go with them: the day sums are the flights', the year sums the pilot row's.
  await q.query(`delete from ${t.flights} where pilot_account_id = any($1::uuid[])`, [list(pilotIds)]);
  await q.query(`delete from ${t.totals} where pilot_account_id = any($1::uuid[])`, [list(pilotIds)]);
}

/**
 * Where `last_flight_date` fell back (undefined in `lastDates`), sets it from the flights stored:
 * the latest of the pilot's flights, through the flights' index by pilot and date.
 */
async function lookUpLastFlightDates(
  q: Queryable,
  flights: string,
  changed: readonly ChangedPilot[],
  lastDates: (string | null | undefined)[],
): Promise<void> {
  const fellBack = lastDates.flatMap((d, i) => (d === undefined ? [i] : []));
  if (fellBack.length === 0) return;
  const rows = (await q.query(
    `select (select to_char(max(f.flight_date), 'YYYY-MM-DD') from ${flights} f
              where f.pilot_account_id = k.p and f.kind = 'flight') as last_date
       from unnest($1::uuid[]) with ordinality as k (p, i) order by k.i`,
    [list(fellBack.map((i) => changed[i]!.pilotId))],
  )) as { last_date: string | null }[];
  fellBack.forEach((index, i) => (lastDates[index] = rows[i]?.last_date ?? null));
}

/**
 * Writes the changed pilots' flights, then their rows (with their year sums); `last_flight_date`
 * and a year's latest date are looked up in between, only where they fell back.
 */
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
      yearsBefore: c.before.experienceYears,
      flightsBefore: c.before.state.flights,
      flightsAfter: c.state.flights,
      touchedFlights: c.touchedFlights,
    })),
  );
  await storeFlights(q, t.flights, changed, experience.flightGroups);
  await lookUpLatestDates(q, t.flights, experience.stale);
  await lookUpLastFlightDates(q, t.flights, changed, lastDates);
  const n = cols.length + 3;
  await q.query(
    `insert into ${t.totals} (pilot_account_id, stream_version, ${cols.join(', ')}, total_day, total_night,
                               flight_count, last_flight_date, rating_breakdown, starting_totals, experience_groups,
                               experience_years, kafka_partition, updated_at)
     select ${ROW_COLUMNS.map((c) => `u.${c}`).join(', ')},
            case when u.years_length >= 0 then substring($${n + 10}::bytea from u.years_from + 1 for u.years_length) end,
            $${n + 5}::integer, now()
       from unnest($1::uuid[], $2::integer[], ${cols.map((_, i) => `$${i + 3}::bigint[]`).join(', ')},
                   $${n}::bigint[], $${n + 1}::bigint[], $${n + 2}::bigint[], $${n + 3}::date[], ${jsonElements(`$${n + 4}`)},
                   $${n + 6}::jsonb[], $${n + 7}::text[], $${n + 8}::integer[], $${n + 9}::integer[])
            as u (${ROW_COLUMNS.join(', ')}, years_from, years_length)
     on conflict (pilot_account_id) do update set
       stream_version = excluded.stream_version, kafka_partition = excluded.kafka_partition,
       ${cols.map((f) => `${f} = excluded.${f}`).join(', ')},
       total_day = excluded.total_day, total_night = excluded.total_night, flight_count = excluded.flight_count,
       last_flight_date = excluded.last_flight_date, rating_breakdown = excluded.rating_breakdown,
       starting_totals = coalesce(excluded.starting_totals, ${t.totals}.starting_totals),
       experience_groups = coalesce(excluded.experience_groups, ${t.totals}.experience_groups),
       experience_years = coalesce(excluded.experience_years, ${t.totals}.experience_years),
       updated_at = excluded.updated_at`,
    [
      list(changed.map((c) => c.pilotId)),
      list(changed.map((c) => c.state.version)),
      ...cols.map((f) => list(changed.map((c) => c.state.sums.totals[f]))),
      list(changed.map((c) => c.state.sums.total_day)),
      list(changed.map((c) => c.state.sums.total_night)),
      list(changed.map((c) => c.state.sums.flight_count)),
      list(lastDates.map((d) => d ?? null)),
      JSON.stringify(changed.map((c) => withoutZeros(c.state.sums.rating_breakdown))),
      partition,
      // Starting totals are written only when the batch replaced them (null keeps the stored ones).
      changed.map((c) =>
        c.state.starting !== c.before.state.starting ? JSON.stringify(c.state.starting) : null,
      ),
      // Written only when they changed (null keeps the stored ones), as the starting totals.
      experience.groups,
      // Null only for a pilot not projected for the experience, whose null stays.
      ...yearsParams(experience.years),
    ],
  );
}

/**
 * The elements of a JSON array parameter as a `jsonb[]`, JSON null as NULL: one JSON text for the
 * whole batch, where an array of JSON texts has node-postgres quote and escape each (every `"` of it).
 */
const jsonElements = (param: string): string =>
  `array(select nullif(e, 'null'::jsonb) from jsonb_array_elements(${param}::jsonb) with ordinality as a (e, i) order by a.i)`;

/** The columns of a pilot's row that the upsert takes from its arrays as they are, in their order. */
const ROW_COLUMNS = [
  ...PILOT_SUM_COLUMNS,
  'last_flight_date',
  'rating_breakdown',
  'starting_totals',
  'experience_groups',
];

/**
 * The year sums of the upsert: every pilot's bytes one after the other in one parameter, which goes
 * to Postgres as the bytes themselves (an array of bytea would go as text, twice as long, each
 * character parsed), then each pilot's place in it and length (-1: null, for a pilot not projected
 * for the experience).
 */
function yearsParams(years: readonly (YearEntriesAfter | null)[]): [string, string, Buffer] {
  const sizes = years.map((after) => (after === null ? -1 : yearEntriesSize(after)));
  const from: number[] = [];
  let at = 0;
  for (const size of sizes) {
    from.push(at);
    at += Math.max(size, 0);
  }
  const bytes = Buffer.allocUnsafe(at);
  years.forEach((after, i) => {
    if (after !== null) writeYearEntries(after, bytes, from[i]!);
  });
  return [list(from), list(sizes), bytes];
}

const withoutZeros = (breakdown: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(breakdown).filter(([, minutes]) => minutes !== 0));
