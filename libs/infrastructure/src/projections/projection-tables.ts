import { ENTERED_TOTALS_FIELDS } from '@pft/contracts';

/** The one projection today; the name keys its versions, offsets and dead letters. */
export const PILOT_TOTALS_PROJECTION = 'pilot_totals';

/**
 * Names of one version's tables. Readers never use them: they read the `pilot_totals_active` view,
 * which the version switch re-points in the same transaction as `projection_versions`.
 */
export function projectionTables(version: number): { totals: string; ratings: string; flights: string } {
  if (!Number.isInteger(version) || version < 1) throw new Error(`not a projection version: ${version}`);
  return {
    totals: `pilot_totals_v${version}`,
    ratings: `pilot_rating_minutes_v${version}`,
    flights: `pilot_flights_v${version}`,
  };
}

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
        starting_totals   jsonb,
        updated_at        timestamptz not null
      )`,
    `create table if not exists ${t.ratings} (
        pilot_account_id  uuid not null,
        rating_key        text not null,
        minutes           bigint not null,
        primary key (pilot_account_id, rating_key)
      )`,
    // Per current flight, what it contributed: an amendment or deletion takes it back out.
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
        primary key (pilot_account_id, flight_id)
      )`,
    `create index if not exists ${t.flights}_latest on ${t.flights} (pilot_account_id, flight_date desc) where kind = 'flight'`,
  ];
}

export function dropProjectionTablesSql(version: number): string[] {
  const t = projectionTables(version);
  return [t.ratings, t.flights, t.totals].map((table) => `drop table if exists ${table}`);
}

/**
 * The view the partner API reads: one row per projected pilot with the rating breakdown folded in
 * and `last_updated` from the pilot's partition (see docs/projections.md).
 */
export function activeViewSql(version: number): string {
  const t = projectionTables(version);
  const totals = ENTERED_TOTALS_FIELDS.map((f) => `t.${f}`).join(', ');
  return `create or replace view ${ACTIVE_TOTALS_VIEW} as
    select t.pilot_account_id, ${totals}, t.total_day, t.total_night, t.flight_count,
           to_char(t.last_flight_date, 'YYYY-MM-DD') as last_flight_date,
           coalesce(o.complete_through, t.updated_at) as last_updated,
           coalesce((select jsonb_object_agg(r.rating_key, r.minutes) from ${t.ratings} r
                     where r.pilot_account_id = t.pilot_account_id), '{}'::jsonb) as rating_breakdown
      from ${t.totals} t
      left join projection_offsets o
        on o.projection = '${PILOT_TOTALS_PROJECTION}' and o.version = ${version} and o.kafka_partition = t.kafka_partition`;
}
