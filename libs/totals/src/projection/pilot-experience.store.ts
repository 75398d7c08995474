import { FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import {
  EXPERIENCE_COUNT_FIELDS,
  addExperienceSums,
  experienceContributionOf,
  groupKeyOf,
  zeroExperienceSums,
  type ExperienceGroup,
  type ExperienceSums,
} from '../domain/experience/experience-aggregates';
import { type FlightFacts } from '../domain/flight-contribution';
import { type Queryable } from '../read/pilot-totals.read-model';
import { unquotedArrayLiteral as list } from './pg-array-literal';
import { EXPERIENCE_SUM_COLUMNS } from './projection-tables';

/**
 * The experience part of a batch's write (docs/projections.md): each touched flight's stored
 * contribution taken out of its day's and its year's sums, its new one added, summed per row so
 * that each table gets one upsert for the whole batch. Rows whose records fall to 0 are deleted,
 * and a year's latest date is looked up again only where the batch took away a record on it.
 */

/** What the experience write needs of a changed pilot (see ChangedPilot). */
export interface ExperienceChange {
  pilotId: string;
  /** The pilot's groups as stored before the batch; null: not projected for the experience (needs a rebuild). */
  groupsBefore: readonly ExperienceGroup[] | null;
  flightsBefore: ReadonlyMap<string, FlightFacts>;
  flightsAfter: ReadonlyMap<string, FlightFacts>;
  touchedFlights: ReadonlySet<string>;
}

interface Delta {
  pilotId: string;
  group: number;
  sums: ExperienceSums;
  /** The latest date of a record added, and of one taken away; null when none. */
  added: string | null;
  removed: string | null;
}

export interface ExperienceWrites {
  /**
   * Each changed pilot's groups to store, in the order given: the list when the batch added a group
   * or the pilot has none stored yet, else null, which keeps what is stored (null for a pilot not
   * projected for the experience stays null).
   */
  groups: (ExperienceGroup[] | null)[];
  days: (Delta & { date: string })[];
  /** Each year and group the batch took a record away from, with the latest date taken away. */
  shrunkYears: { pilotId: string; year: number; group: number; removed: string }[];
}

const MINUTES = FLIGHT_MINUTE_FIELDS.length;

const later = (a: string | null, b: string | null): string | null =>
  a === null || (b !== null && b > a) ? b : a;

/**
 * The rows' changes of a batch, from each changed pilot's flights before and after it: each
 * contribution summed into its day's delta (a year's delta is the sum of its days', made by the
 * upsert), and the years the batch took records away from.
 */
export function experienceWritesOf(changes: readonly ExperienceChange[]): ExperienceWrites {
  const writes: ExperienceWrites = { groups: [], days: [], shrunkYears: [] };
  for (const change of changes) {
    if (change.groupsBefore === null) {
      writes.groups.push(null);
      continue;
    }
    const { pilotId } = change;
    const groups = [...change.groupsBefore];
    const numbers = new Map(groups.map((group, i) => [groupKeyOf(group), i]));
    const numberOf = (group: ExperienceGroup): number => {
      const key = groupKeyOf(group);
      let number = numbers.get(key);
      if (number === undefined) {
        number = groups.push(group) - 1;
        numbers.set(key, number);
      }
      return number;
    };
    // Keyed by date and group number: the date is always ten characters.
    const days = new Map<string, Delta & { date: string }>();
    const add = (facts: FlightFacts, sign: 1 | -1) => {
      const { group, sums } = experienceContributionOf(facts);
      const number = numberOf(group);
      const key = facts.date + number;
      let day = days.get(key);
      if (day === undefined) {
        // A contribution's sums are made for it (its minutes copied): the first one added becomes the delta.
        const own = sign === 1 && sums.minutes.length === MINUTES;
        const start = own ? sums : zeroExperienceSums();
        day = { pilotId, group: number, date: facts.date, sums: start, added: null, removed: null };
        if (!own) addExperienceSums(day.sums, sums, sign);
        days.set(key, day);
      } else addExperienceSums(day.sums, sums, sign);
      if (sign === 1) day.added = later(day.added, facts.date);
      else day.removed = later(day.removed, facts.date);
    };
    for (const flightId of change.touchedFlights) {
      const before = change.flightsBefore.get(flightId);
      const after = change.flightsAfter.get(flightId);
      if (before) add(before, -1);
      if (after) add(after, 1);
    }
    const shrunk = new Map<string, ExperienceWrites['shrunkYears'][number]>();
    for (const day of days.values()) {
      writes.days.push(day);
      if (day.removed === null) continue;
      const key = day.date.slice(0, 5) + day.group;
      const year = shrunk.get(key);
      if (year === undefined) {
        const { group, removed } = day;
        shrunk.set(key, { pilotId, year: Number(day.date.slice(0, 4)), group, removed });
      } else if (day.removed > year.removed) year.removed = day.removed;
    }
    for (const year of shrunk.values()) writes.shrunkYears.push(year);
    const unchanged = change.groupsBefore.length > 0 && groups.length === change.groupsBefore.length;
    writes.groups.push(unchanged ? null : groups);
  }
  return writes;
}

/**
 * The deltas' sums as one two-dimensional array literal, a row of the EXPERIENCE_SUM_COLUMNS per
 * delta, built in one pass: one parameter where one array per column took 22 passes over the deltas
 * and as many literals, the larger part of the experience write's time in the projector.
 */
function sumsRowsLiteral(deltas: readonly Delta[]): string {
  let literal = '{';
  for (let r = 0; r < deltas.length; r += 1) {
    const { sums } = deltas[r]!;
    literal += r === 0 ? '{' : ',{';
    for (let i = 0; i < MINUTES; i += 1) literal += `${i === 0 ? '' : ','}${sums.minutes[i] ?? 0}`;
    for (const field of EXPERIENCE_COUNT_FIELDS) literal += `,${sums[field]}`;
    literal += '}';
  }
  return literal + '}';
}

/**
 * One statement upserting the batch's day deltas and, summed per year, their years' (the deltas
 * sent once); then, only when the batch took records away, the deletion of rows left with none
 * and the look-up of years' latest dates that may have fallen back.
 */
export async function storeExperience(
  q: Queryable,
  tables: { experienceDays: string; experienceYears: string },
  writes: ExperienceWrites,
): Promise<void> {
  const { experienceDays: days, experienceYears: years } = tables;
  const columns = EXPERIENCE_SUM_COLUMNS;
  const sumsSet = (table: string) => columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  const sums = (aggregate: string) =>
    columns.map((_, j) => `${aggregate}(($4::integer[])[k.i][${j + 1}])`).join(', ');
  const dayDeltas = writes.days;
  if (dayDeltas.length === 0) return;
  await q.query(
    `with k as (
       select * from unnest($1::uuid[], $2::date[], $3::smallint[], $5::date[]) with ordinality as k (p, day, g, added, i)
     ), written_days as (
       insert into ${days} (pilot_account_id, day, group_no, ${columns.join(', ')})
       select k.p, k.day, k.g, ${sums('')} from k
       on conflict (pilot_account_id, day, group_no) do update set ${sumsSet(days)}
     )
     insert into ${years} (pilot_account_id, year, group_no, ${columns.join(', ')}, last_date)
     select k.p, extract(year from k.day)::smallint, k.g, ${sums('sum')}, max(k.added)
       from k group by 1, 2, 3
     on conflict (pilot_account_id, year, group_no) do update set ${sumsSet(years)},
       last_date = greatest(${years}.last_date, excluded.last_date)`,
    [
      list(dayDeltas.map((d) => d.pilotId)),
      list(dayDeltas.map((d) => d.date)),
      list(dayDeltas.map((d) => d.group)),
      sumsRowsLiteral(dayDeltas),
      list(dayDeltas.map((d) => d.added)),
    ],
  );
  const emptied = dayDeltas.filter((d) => d.sums.records < 0);
  if (emptied.length > 0) {
    await q.query(
      `delete from ${days} d using unnest($1::uuid[], $2::date[], $3::smallint[]) as k (p, day, g)
        where d.pilot_account_id = k.p and d.day = k.day and d.group_no = k.g and d.records = 0`,
      [
        list(emptied.map((d) => d.pilotId)),
        list(emptied.map((d) => d.date)),
        list(emptied.map((d) => d.group)),
      ],
    );
  }
  const shrunk = writes.shrunkYears;
  if (shrunk.length === 0) return;
  const keys = [
    list(shrunk.map((d) => d.pilotId)),
    list(shrunk.map((d) => d.year)),
    list(shrunk.map((d) => d.group)),
    list(shrunk.map((d) => d.removed)),
  ];
  await q.query(
    `delete from ${years} y using unnest($1::uuid[], $2::smallint[], $3::smallint[], $4::date[]) as k (p, year, g, removed)
      where y.pilot_account_id = k.p and y.year = k.year and y.group_no = k.g and y.records = 0`,
    keys,
  );
  // A record taken away on (or after) the year's latest date: the latest date is that of the days left.
  await q.query(
    `update ${years} y set last_date = (
        select max(d.day) from ${days} d
         where d.pilot_account_id = y.pilot_account_id and d.group_no = y.group_no
           and d.day >= make_date(y.year::integer, 1, 1) and d.day < make_date(y.year::integer + 1, 1, 1))
       from unnest($1::uuid[], $2::smallint[], $3::smallint[], $4::date[]) as k (p, year, g, removed)
      where y.pilot_account_id = k.p and y.year = k.year and y.group_no = k.g and y.last_date <= k.removed`,
    keys,
  );
}
