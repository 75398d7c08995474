import { ENTERED_TOTALS_FIELDS } from '@pft/contracts';

/** The one projection today; the name keys its versions, offsets and dead letters. */
export const PILOT_TOTALS_PROJECTION = 'pilot_totals';

/**
 * Names of one version's tables. Readers never use them: they read the `pilot_totals_active` view,
 * which the version switch re-points in the same transaction as `projection_versions`.
 */
export function projectionTables(version: number): { totals: string; flights: string } {
  if (!Number.isInteger(version) || version < 1) throw new Error(`not a projection version: ${version}`);
  return { totals: `pilot_totals_v${version}`, flights: `pilot_flights_v${version}` };
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
        -- Rating key -> minutes, zero keys removed: read with the row, no join, no aggregation.
        rating_breakdown  jsonb not null default '{}'::jsonb,
        starting_totals   jsonb,
        updated_at        timestamptz not null
      )`,
    // Per current flight, what it contributed: an amendment or deletion takes it back out. No index
    // but the key: the rare look-up of a pilot's latest date (after deleting the latest flight)
    // reads that pilot's flights through the key's prefix, and every insert stays cheaper.
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
  ];
}

export function dropProjectionTablesSql(version: number): string[] {
  const t = projectionTables(version);
  return [t.flights, t.totals].map((table) => `drop table if exists ${table}`);
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
