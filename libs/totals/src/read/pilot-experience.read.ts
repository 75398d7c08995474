import { FLIGHT_MINUTE_FIELDS, type StartingTotals } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { monthsEndingOn } from '../domain/experience/calendar';
import { type Experience } from '../domain/experience/experience';
import { EXPERIENCE_COUNT_FIELDS, type ExperienceSums } from '../domain/experience/experience-aggregates';
import { experienceFromAggregates } from '../domain/experience/experience-from-aggregates';
import { groupKeysOf, groupOfKey } from '../domain/experience/experience-group-key';
import { mapYearEntries } from '../projection/experience-year-bytes';
import { flightsOfSumsText } from './flight-sums-text';
import { ACTIVE_EXPERIENCE_VIEWS, experienceCountsSql } from '../projection/projection-tables';

/** A pilot's experience as the projection holds it. */
export interface ProjectedExperience {
  /** `pilot-experience.md` 4 `data` without `pilot_id` and `last_updated`. */
  experience: Experience;
  /** The time up to which this pilot's projection is known complete (`last_updated`), as for the totals. */
  lastUpdated: Date;
}

/** At most this many pilots in one read (the batch endpoints' limit). */
export const MAX_EXPERIENCE_PILOTS = 50;

/** A pilot's row of the projection with the sums a read as of a date needs (experienceSumsSql). */
export interface ExperienceSumsRow {
  last_updated: Date;
  starting_totals: StartingTotals | null;
  /** The pilot's groups as stored (storedGroupKeys). */
  experience_groups: string;
  /** Every year the pilot flew, as the row keeps them (encodeYearEntries); null: none. */
  years: Buffer | null;
  /**
   * The flights of the 24 months (flightSumsText): `group_no,YYYY-MM-DD,sums…` each, separated by `;`
   * (read by flightsOfSumsText); null when there are none.
   */
  flights: string | null;
}

interface ExperienceRow extends ExperienceSumsRow {
  pilot_account_id: string;
}

const v = ACTIVE_EXPERIENCE_VIEWS;

/**
 * A flight's group number, date and what it counts towards each sum (EXPERIENCE_SUM_COLUMNS), as one
 * text of numbers separated by commas: a pilot's flights joined by `;` are read in one pass
 * (flightsOfSumsText), where the day sums as JSON had Postgres group them and build, and the partner API parse, an array
 * per day (the statement took about 0.45 ms of 20 pilots against 0.25 ms so).
 */
const flightSumsText = (f: string): string =>
  `concat_ws(',', ${f}.group_no, to_char(${f}.flight_date, 'YYYY-MM-DD'), array_to_string(${f}.minutes, ','),
             ${experienceCountsSql(f).join(', ')})`;

/**
 * The columns `years` and `flights` of ExperienceSumsRow for the pilot of the row `p` (a row of the
 * active pilots' view): its year sums, kept in its row (those of the year of `as_of` and later are
 * left out by experienceFromAggregates), and its flights in the 24 months ending on `as_of`, each with
 * its sums (read through their index by pilot and date; the reader adds them up by day and group as it
 * counts them). `params` name the statement's parameters holding the first day of the 24 months and
 * `as_of` (experienceSumsParams).
 */
export const experienceSumsSql = (params: { from: string; asOf: string }): string => `
    p.experience_years as years,
    (select string_agg(${flightSumsText('f')}, ';')
       from ${v.flights} f
      where f.pilot_account_id = p.pilot_account_id and f.group_no is not null
        and f.flight_date >= ${params.from}::date and f.flight_date <= ${params.asOf}::date) as flights`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The values of experienceSumsSql's parameters for `asOf` (`YYYY-MM-DD`), in its order. */
export function experienceSumsParams(asOf: string): [string, string] {
  if (!DATE.test(asOf)) throw new Error(`as_of is not a YYYY-MM-DD date: ${JSON.stringify(asOf)}`);
  return [monthsEndingOn(asOf, 24).from, asOf];
}

/** One statement, so one snapshot of one version (the views are switched together). */
const READ_SQL = `
  select p.pilot_account_id, p.last_updated, p.starting_totals, p.experience_groups,
    ${experienceSumsSql({ from: '$2', asOf: '$3' })}
    from ${v.pilots} p
   where p.pilot_account_id = any($1::uuid[]) and p.experience_groups is not null`;

const MINUTES = FLIGHT_MINUTE_FIELDS.length;

function sumsFrom(values: readonly number[]): ExperienceSums {
  const sums = { minutes: values.slice(0, MINUTES) } as ExperienceSums;
  for (let i = 0; i < EXPERIENCE_COUNT_FIELDS.length; i++)
    sums[EXPERIENCE_COUNT_FIELDS[i]!] = values[MINUTES + i]!;
  return sums;
}

/** The experience as of `asOf` of a row read with experienceSumsSql. */
export function experienceOfRow(row: ExperienceSumsRow, asOf: string): Experience {
  return experienceFromAggregates(
    {
      groups: groupKeysOf(row.experience_groups).map(groupOfKey),
      // Only the years before that of `asOf`: its own year and later are taken from the flights.
      years: row.years
        ? mapYearEntries(
            row.years,
            ([group, year, lastDate, ...sums]) => ({
              group,
              year,
              last_date: lastDate,
              sums: sumsFrom(sums),
            }),
            Number(asOf.slice(0, 4)),
          )
        : [],
      days: flightsOfSumsText(row.flights),
    },
    row.starting_totals,
    asOf,
  );
}

/**
 * The experience of up to 50 pilots as of `asOf` (`YYYY-MM-DD`) from the active version of the
 * projection, in one statement whatever their logbooks' length. A pilot the projection has no
 * experience of (not projected, or projected before the experience was and not rebuilt since) is
 * absent. Ids are matched in lower case.
 */
export async function readPilotExperiences(
  queryable: Queryable,
  pilotAccountIds: readonly string[],
  asOf: string,
): Promise<Map<string, ProjectedExperience>> {
  if (pilotAccountIds.length > MAX_EXPERIENCE_PILOTS)
    throw new Error(`at most ${MAX_EXPERIENCE_PILOTS} pilots in one read`);
  const result = new Map<string, ProjectedExperience>();
  if (pilotAccountIds.length === 0) return result;
  const rows = rowsOf<ExperienceRow>(
    await queryable.query(READ_SQL, [
      pilotAccountIds.map((id) => id.toLowerCase()),
      ...experienceSumsParams(asOf),
    ]),
  );
  for (const row of rows)
    result.set(row.pilot_account_id, {
      experience: experienceOfRow(row, asOf),
      lastUpdated: row.last_updated,
    });
  return result;
}

/** One pilot's experience as of `asOf`, or undefined when the projection has none of it (see readPilotExperiences). */
export async function readPilotExperience(
  queryable: Queryable,
  pilotAccountId: string,
  asOf: string,
): Promise<ProjectedExperience | undefined> {
  return (await readPilotExperiences(queryable, [pilotAccountId], asOf)).get(pilotAccountId.toLowerCase());
}
