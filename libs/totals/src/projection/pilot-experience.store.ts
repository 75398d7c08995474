import { FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { groupKeyOfFacts, storedGroupKeys } from '../domain/experience/experience-group-key';
import { type FlightFacts } from '../domain/flight-contribution';
import { type Queryable } from '../read/pilot-totals.read-model';
import {
  decodeYearEntry,
  newYearEntry,
  type ExperienceYearEntry,
  type YearEntriesAfter,
  yearEntryPlace,
} from './experience-year-bytes';
import { unquotedArrayLiteral as list } from './pg-array-literal';

/**
 * The experience part of a batch's write (docs/projections.md). The day sums are the flights' own
 * rows (each stored with its group's number), so nothing is written for them beyond the flight; the
 * year sums live in the pilot's row (`experience_years`), which the batch rewrites anyway: each
 * touched flight's stored contribution is taken out of its year's entry and its new one added, here
 * in the projector. An entry whose records fall to 0 goes, and a year's latest date is looked up
 * again from the flights only where the batch took away a record on it.
 */

/** What the experience write needs of a changed pilot (see ChangedPilot). */
export interface ExperienceChange {
  pilotId: string;
  /**
   * The keys (groupKeyOf) of the pilot's groups as stored before the batch, in order; null: not
   * projected for the experience (needs a rebuild).
   */
  groupsBefore: readonly string[] | null;
  /** The pilot's year sums as stored before the batch (encodeYearEntries; not changed here). */
  yearsBefore: Buffer | null;
  flightsBefore: ReadonlyMap<string, FlightFacts>;
  flightsAfter: ReadonlyMap<string, FlightFacts>;
  touchedFlights: ReadonlySet<string>;
}

export interface ExperienceWrites {
  /**
   * Each changed pilot's groups to store (storedGroupKeys), in the order given: when the batch added
   * a group or the pilot has none stored yet, else null, which keeps what is stored (null for a pilot
   * not projected for the experience stays null).
   */
  groups: (string | null)[];
  /** Each changed pilot's year sums after the batch; null for a pilot not projected for the experience. */
  years: (YearEntriesAfter | null)[];
  /**
   * Each changed pilot's group number of each flight it touched, in the order of its touchedFlights
   * (null for a flight the batch deleted); null as `years`.
   */
  flightGroups: ((number | null)[] | null)[];
  /** The entries whose latest date the batch may have taken away: looked up once the flights are stored. */
  stale: { pilotId: string; entry: ExperienceYearEntry }[];
}

const MINUTES = FLIGHT_MINUTE_FIELDS.length;
/** Where the counts begin in an entry: after group, year, last date and the minutes. */
const COUNTS = 3 + MINUTES;

const later = (a: string | null, b: string | null): string | null =>
  a === null || (b !== null && b > a) ? b : a;

/** Adds (`sign` 1) or takes back (`sign` -1) a record's contribution (experienceContributionOf) into `entry`. */
function addContribution(entry: ExperienceYearEntry, facts: FlightFacts, sign: 1 | -1): void {
  const { minutes, experience } = facts;
  for (let i = 0; i < MINUTES; i += 1) (entry[3 + i] as number) += sign * (minutes[i] ?? 0);
  // A simulator session's landings count nowhere.
  const flying = facts.kind === 'flight';
  (entry[COUNTS] as number) += sign * (flying ? facts.landings_day : 0);
  (entry[COUNTS + 1] as number) += sign * (flying ? facts.landings_night : 0);
  (entry[COUNTS + 2] as number) += sign * experience.landings_day_full_stop;
  (entry[COUNTS + 3] as number) += sign * experience.landings_night_full_stop;
  (entry[COUNTS + 4] as number) += sign * experience.takeoffs_day;
  (entry[COUNTS + 5] as number) += sign * experience.takeoffs_night;
  (entry[COUNTS + 6] as number) += sign * experience.approaches;
  (entry[COUNTS + 7] as number) += sign * experience.holds;
  (entry[COUNTS + 8] as number) += sign;
}

const RECORDS = COUNTS + 8;

/**
 * A year entry the batch changes: its copy, its place in the stored bytes (undefined: a new entry),
 * its latest date as stored, and the latest dates added and taken away.
 */
interface YearChange {
  entry: ExperienceYearEntry;
  at: number | undefined;
  stored: string | null;
  added: string | null;
  removed: string | null;
}

/**
 * One pilot's part of the batch's experience write while it is worked out: the groups as stored and
 * those the batch adds, the stored year sums, and the year entries changed. A pilot's groups and the
 * entries one batch changes are few: each is found by reading through them, without a map.
 */
interface PilotExperienceWrite {
  storedGroups: readonly string[];
  newGroups: string[];
  bytes: Buffer | null;
  changes: YearChange[];
}

/** The number of the group `facts` count in: its place among the stored groups, then among the new ones. */
function groupNumberOf(write: PilotExperienceWrite, facts: FlightFacts): number {
  const key = groupKeyOfFacts(facts);
  const stored = write.storedGroups.indexOf(key);
  if (stored !== -1) return stored;
  const added = write.newGroups.indexOf(key);
  return write.storedGroups.length + (added !== -1 ? added : write.newGroups.push(key) - 1);
}

/** The year of a `YYYY-MM-DD` date, read by position. */
const yearOf = (date: string): number =>
  (date.charCodeAt(0) - 48) * 1000 +
  (date.charCodeAt(1) - 48) * 100 +
  (date.charCodeAt(2) - 48) * 10 +
  (date.charCodeAt(3) - 48);

/** The year entry of `year` and `group` the batch changes: read out of the stored bytes, or new, on first use. */
function yearChangeOf(write: PilotExperienceWrite, year: number, group: number): YearChange {
  for (const change of write.changes)
    if (change.entry[1] === year && change.entry[0] === group) return change;
  const { bytes } = write;
  const at = bytes === null ? undefined : yearEntryPlace(bytes, year, group);
  const entry = bytes !== null && at !== undefined ? decodeYearEntry(bytes, at) : newYearEntry(group, year);
  const change: YearChange = { entry, at, stored: entry[2], added: null, removed: null };
  write.changes.push(change);
  return change;
}

/** Adds (`sign` 1) or takes back (`sign` -1) a record of `group` into its year's entry. */
function addRecord(write: PilotExperienceWrite, facts: FlightFacts, group: number, sign: 1 | -1): void {
  const change = yearChangeOf(write, yearOf(facts.date), group);
  addContribution(change.entry, facts, sign);
  if (sign === 1) change.added = later(change.added, facts.date);
  else change.removed = later(change.removed, facts.date);
}

/**
 * The rows' changes of a batch, from each changed pilot's flights before and after it: each
 * flight's group number, and each pilot's year sums with every touched flight's contribution taken
 * out of its year and group and its new one added.
 */
export function experienceWritesOf(changes: readonly ExperienceChange[]): ExperienceWrites {
  const writes: ExperienceWrites = { groups: [], years: [], flightGroups: [], stale: [] };
  for (const change of changes) {
    if (change.groupsBefore === null) {
      writes.groups.push(null);
      writes.years.push(null);
      writes.flightGroups.push(null);
      continue;
    }
    // Only the entries the batch changes are read out of the stored bytes, by year and group number.
    const write: PilotExperienceWrite = {
      storedGroups: change.groupsBefore,
      newGroups: [],
      bytes: change.yearsBefore,
      changes: [],
    };
    const flightGroups: (number | null)[] = [];
    for (const flightId of change.touchedFlights) {
      const before = change.flightsBefore.get(flightId);
      const after = change.flightsAfter.get(flightId);
      if (before) addRecord(write, before, groupNumberOf(write, before), -1);
      if (after) {
        const group = groupNumberOf(write, after);
        flightGroups.push(group);
        addRecord(write, after, group, 1);
      } else flightGroups.push(null);
    }
    const after = {
      before: write.bytes,
      changed: new Map<number, ExperienceYearEntry | null>(),
      added: [] as ExperienceYearEntry[],
    };
    for (const { entry, at, stored, added, removed } of write.changes) {
      if (entry[RECORDS] === 0) {
        if (at !== undefined) after.changed.set(at, null);
        continue;
      }
      // A record on the latest date was taken away and none added on or after it: the latest date
      // is that of the records left, known once the flights are stored.
      if (removed !== null && stored !== null && removed >= stored && (added === null || added < stored))
        writes.stale.push({ pilotId: change.pilotId, entry });
      else entry[2] = later(stored, added);
      if (at !== undefined) after.changed.set(at, entry);
      else after.added.push(entry);
    }
    const { storedGroups, newGroups } = write;
    const unchanged = storedGroups.length > 0 && newGroups.length === 0;
    writes.groups.push(unchanged ? null : storedGroupKeys([...storedGroups, ...newGroups]));
    writes.years.push(after);
    writes.flightGroups.push(flightGroups);
  }
  return writes;
}

/**
 * Sets the latest date of the stale entries from the flights stored (after the batch's flights were
 * written): one look-up per entry through the flights' index by pilot and date, within its year.
 */
export async function lookUpLatestDates(
  q: Queryable,
  flights: string,
  stale: ExperienceWrites['stale'],
): Promise<void> {
  if (stale.length === 0) return;
  const rows = (await q.query(
    `select (select to_char(max(f.flight_date), 'YYYY-MM-DD') from ${flights} f
              where f.pilot_account_id = k.p and f.group_no = k.g
                and f.flight_date >= make_date(k.y, 1, 1) and f.flight_date < make_date(k.y + 1, 1, 1)) as last_date
       from unnest($1::uuid[], $2::integer[], $3::integer[]) with ordinality as k (p, y, g, i)
      order by k.i`,
    [
      list(stale.map((s) => s.pilotId)),
      list(stale.map((s) => s.entry[1])),
      list(stale.map((s) => s.entry[0])),
    ],
  )) as { last_date: string | null }[];
  stale.forEach((s, i) => (s.entry[2] = rows[i]?.last_date ?? null));
}
