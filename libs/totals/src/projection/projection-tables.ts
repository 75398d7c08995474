import { ENTERED_TOTALS_FIELDS, FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { EXPERIENCE_COUNT_FIELDS } from '../domain/experience/experience-aggregates';
import { yearEntriesSql } from './experience-year-bytes';

/** The one projection today; the name keys its versions, offsets and dead letters. */
export const PILOT_TOTALS_PROJECTION = 'pilot_totals';

/**
 * Names of one version's tables. Readers never use them: they read the `pilot_totals_active` view,
 * which the version switch re-points in the same transaction as `projection_versions`.
 */
export function projectionTables(version: number): {
  totals: string;
  flights: string;
  experienceDays: string;
  experienceYears: string;
} {
  if (!Number.isInteger(version) || version < 1) throw new Error(`not a projection version: ${version}`);
  return {
    totals: `pilot_totals_v${version}`,
    flights: `pilot_flights_v${version}`,
    experienceDays: `pilot_experience_days_v${version}`,
    experienceYears: `pilot_experience_years_v${version}`,
  };
}

/** The columns of an experience sum (ExperienceSums): the thirteen minutes fields, then the counts. */
export const EXPERIENCE_SUM_COLUMNS: readonly string[] = [
  ...FLIGHT_MINUTE_FIELDS,
  ...EXPERIENCE_COUNT_FIELDS,
];

/**
 * What `pilot_flights_v<N>` keeps of a flight for the experience (FlightFacts.experience), beside what
 * it keeps for the totals. Null in rows stored before these columns existed (see `experience_groups`).
 */
export const EXPERIENCE_FLIGHT_COLUMNS: readonly (readonly [string, string])[] = [
  ['type_designator', 'text'],
  ['engine', 'text'],
  // Space-separated, in the order of the features' list.
  ['features', 'text'],
  ['takeoffs_day', 'smallint'],
  ['takeoffs_night', 'smallint'],
  ['landings_day_full_stop', 'smallint'],
  ['landings_night_full_stop', 'smallint'],
  ['approaches', 'smallint'],
  ['holds', 'smallint'],
];

/**
 * The first columns of a pilot's row in `pilot_totals_v<N>`, its sums, which the batch both reads
 * (pilot-slices.load.ts) and writes (pilot-totals.store.ts) as they are.
 */
export const PILOT_SUM_COLUMNS: readonly string[] = [
  'pilot_account_id',
  'stream_version',
  ...ENTERED_TOTALS_FIELDS,
  'total_day',
  'total_night',
  'flight_count',
];

export const ACTIVE_TOTALS_VIEW = 'pilot_totals_active';

/** Statements creating one version's tables (empty). */
export function createProjectionTablesSql(version: number): string[] {
  const t = projectionTables(version);
  const totalsColumns = ENTERED_TOTALS_FIELDS.map((f) => `${f} bigint not null default 0`).join(
    ',\n        ',
  );
  return [
    // Per pilot: the running sums (starting totals included), the last logbook stream version folded
    // in (repeats are skipped against it) and the partition its events come from (for last_updated).
    `create table if not exists ${t.totals} (
        pilot_account_id  uuid primary key,
        stream_version    integer not null,
        kafka_partition   integer not null,
        ${totalsColumns},
        total_day         bigint not null default 0,
        total_night       bigint not null default 0,
        flight_count      bigint not null default 0,
        last_flight_date  date,
        -- Rating key -> minutes, zero keys removed: read with the row, no join, no aggregation.
        rating_breakdown  jsonb not null default '{}'::jsonb,
        starting_totals   jsonb,
        updated_at        timestamptz not null,
        -- The pilot's experience groups, one line each (groupKeyOf) joined by newlines, a group's number
        -- its place; null for a row made before the experience was projected, whose experience needs a
        -- rebuild.
        experience_groups text,
        -- The pilot's year sums, one entry per year and group as encodeYearEntries lays them out
        -- (a view reads them as rows); null when experience_groups is.
        experience_years  bytea
      )`,
    // Per current flight, what it contributed: an amendment or deletion takes it back out. Its
    // experience group's number (null for a pilot not projected for the experience) and the index by
    // date make the day sums (pilot_experience_days_v<N>) a read of the flights dated in a range.
    `create table if not exists ${t.flights} (
        pilot_account_id  uuid not null,
        flight_id         uuid not null,
        flight_date       date not null,
        kind              text not null,
        category          text not null,
        rating_key        text,
        minutes           integer[] not null,
        landings_day      integer not null,
        landings_night    integer not null,
        ${EXPERIENCE_FLIGHT_COLUMNS.map(([name, type]) => `${name} ${type}`).join(',\n        ')},
        group_no          integer,
        primary key (pilot_account_id, flight_id)
      )`,
    flightsByDateIndexSql(version),
    ...createExperienceViewsSql(version),
  ];
}

/** The index of a version's flights by pilot and date: the day sums' reads and the latest dates' look-ups. */
export function flightsByDateIndexSql(version: number): string {
  const t = projectionTables(version);
  return `create index if not exists ${t.flights}_by_date on ${t.flights} (pilot_account_id, flight_date)`;
}

/**
 * The experience sums of one version (docs/projections.md), as views with the columns of the tables
 * they once were: per pilot, day and group the sums of the flights of that group dated that day
 * (read through the flights' index by date), and per pilot, year and group the year sums the
 * pilot's row keeps (`experience_years`), with the latest date among them.
 */
export function createExperienceViewsSql(version: number): string[] {
  const t = projectionTables(version);
  const minutes = FLIGHT_MINUTE_FIELDS.map((f, i) => `sum(f.minutes[${i + 1}])::bigint as ${f}`);
  const perFlight = experienceCountsSql('f');
  const counts = EXPERIENCE_COUNT_FIELDS.map(
    (c, i) => `${c === 'records' ? 'count(*)' : `sum(${perFlight[i]})`}::bigint as ${c}`,
  );
  const days = [...minutes, ...counts];
  const entries = yearEntriesSql('t.experience_years');
  const { number } = entries;
  const sums = EXPERIENCE_SUM_COLUMNS.map((c, i) => `${number(i + 3)}::bigint as ${c}`);
  return [
    `create or replace view ${t.experienceDays} as
      select f.pilot_account_id, f.flight_date as day, f.group_no, ${days.join(', ')}
        from ${t.flights} f where f.group_no is not null
       group by f.pilot_account_id, f.flight_date, f.group_no`,
    `create or replace view ${t.experienceYears} as
      select t.pilot_account_id, ${number(1)}::smallint as year, ${number(0)}::integer as group_no,
             ${sums.join(', ')}, to_date(nullif(${number(2)}, 0)::text, 'YYYYMMDD') as last_date
        from ${t.totals} t
        ${entries.from}`,
  ];
}

export function dropProjectionTablesSql(version: number): string[] {
  const t = projectionTables(version);
  return [
    ...[t.experienceDays, t.experienceYears].map((view) => `drop view if exists ${view}`),
    ...[t.flights, t.totals].map((table) => `drop table if exists ${table}`),
  ];
}

/**
 * The view the partner API reads: one row per projected pilot, with `last_updated` from the pilot's
 * partition (see docs/projections.md). Last, the pilot's logbook stream version folded in and the
 * projection version the row belongs to: together they tell a reader whether the totals it holds
 * from an earlier read are still the ones in the table.
 */
export function activeViewSql(version: number): string {
  const t = projectionTables(version);
  const totals = ENTERED_TOTALS_FIELDS.map((f) => `t.${f}`).join(', ');
  return `create or replace view ${ACTIVE_TOTALS_VIEW} as
    select t.pilot_account_id, ${totals}, t.total_day, t.total_night, t.flight_count,
           to_char(t.last_flight_date, 'YYYY-MM-DD') as last_flight_date,
           coalesce(o.complete_through, t.updated_at) as last_updated, t.rating_breakdown,
           t.stream_version, ${version} as projection_version
      from ${t.totals} t
      left join projection_offsets o
        on o.projection = '${PILOT_TOTALS_PROJECTION}' and o.version = ${version} and o.kafka_partition = t.kafka_partition`;
}

/** The views the experience reader reads, of the active version (re-pointed with `pilot_totals_active`). */
export const ACTIVE_EXPERIENCE_VIEWS = {
  pilots: 'pilot_experience_active',
  days: 'pilot_experience_days_active',
  years: 'pilot_experience_years_active',
  flights: 'pilot_experience_flights_active',
} as const;

/**
 * What a flight counts towards each experience count (EXPERIENCE_COUNT_FIELDS), as SQL over a row of
 * `pilot_flights_v<N>`: the day sums' view sums them, a reader of single flights reads them.
 */
export function experienceCountsSql(flight: string): string[] {
  return EXPERIENCE_COUNT_FIELDS.map((c) =>
    c === 'records'
      ? '1'
      : // A simulator session's landings count nowhere (experienceContributionOf).
        c === 'landings_day' || c === 'landings_night'
        ? `case when ${flight}.kind = 'flight' then ${flight}.${c} else 0 end`
        : `${flight}.${c}`,
  );
}

/**
 * The experience views of `version`: its pilots (with `last_updated` as the totals view has it, the
 * starting totals, the groups and the year sums), its day sums and its year sums one row each, and
 * its flights with what the experience counts of them (the partner and pilot reads sum a pilot's
 * recent flights themselves).
 */
export function activeExperienceViewsSql(version: number): string[] {
  const t = projectionTables(version);
  const v = ACTIVE_EXPERIENCE_VIEWS;
  return [
    `create or replace view ${v.pilots} as
      select t.pilot_account_id, coalesce(o.complete_through, t.updated_at) as last_updated,
             t.starting_totals, t.experience_groups, t.stream_version, ${version} as projection_version,
             t.experience_years
        from ${t.totals} t
        left join projection_offsets o
          on o.projection = '${PILOT_TOTALS_PROJECTION}' and o.version = ${version} and o.kafka_partition = t.kafka_partition`,
    `create or replace view ${v.days} as select * from ${t.experienceDays}`,
    `create or replace view ${v.years} as select * from ${t.experienceYears}`,
    `create or replace view ${v.flights} as
      select pilot_account_id, flight_date, kind, group_no, minutes, landings_day, landings_night,
             ${EXPERIENCE_FLIGHT_COLUMNS.slice(3)
               .map(([name]) => name)
               .join(', ')}
        from ${t.flights}`,
  ];
}
