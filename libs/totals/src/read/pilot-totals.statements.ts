import { type DataSource } from 'typeorm';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';
import { PreparedStatement } from '@pft/platform/database/prepared-statement';
import { ACTIVE_TOTALS_VIEW } from '../projection/projection-tables';
import { type ProjectedRow } from './projected-row';
import { genericPlanIds } from './turn-rows';

/**
 * Statements by pilot_id, each in two prepared forms, one pilot and several: Postgres plans each once
 * per connection only when its general plan looks no dearer than one made for the values at hand, and
 * for a list of unknown length it does not look so when the list holds one id, nor when it holds fewer
 * than ten (its list filled up by genericPlanIds: planned afresh at each execution, a statement of three
 * pilots cost Postgres about 300 µs against 60 on its generic plan).
 */
class ByPilotIds {
  private readonly one: PreparedStatement;
  private readonly many: PreparedStatement;

  constructor(name: string, sql: (condition: string) => string) {
    this.one = new PreparedStatement(`${name}-one`, sql('c.connection_id = $1::uuid'));
    this.many = new PreparedStatement(`${name}-many`, sql('c.connection_id = any($1::uuid[])'));
  }

  rows<T>(dataSource: DataSource, pilotIds: readonly string[], partnerId: string): Promise<T[]> {
    return pilotIds.length === 1
      ? this.one.rows<T>(dataSource, [pilotIds[0], partnerId])
      : this.many.rows<T>(dataSource, [genericPlanIds(pilotIds), partnerId]);
  }
}

/**
 * The caller's active connections joined with the active projection, in one round trip, with the stream
 * version the partner was last answered live through the connection (see behindLiveAnswer).
 */
const connectedSql =
  (columns: string) =>
  (condition: string): string => `
  select c.connection_id::text as pilot_id, l.stream_version as live_stream_version, ${columns}
    from connections c
    left join live_answers l on l.connection_id = c.connection_id
    left join ${ACTIVE_TOTALS_VIEW} v on v.pilot_account_id = c.pilot_account_id
   where ${condition} and c.partner_id = $2 and c.disconnected_at is null`;

/** Connection and totals. */
export const READ = new ByPilotIds('partner-totals-read', connectedSql('v.*'));

/**
 * Connection and which row the totals would come from: whether a kept answer still holds. Its
 * `last_updated` comes as the answer's text: a cold read was parsing a `Date` per row (postgres-date)
 * only to write it out again.
 */
export const CHECK = new ByPilotIds(
  'partner-totals-check',
  connectedSql(`v.stream_version, v.projection_version, ${isoTimestamp('v.last_updated')} as last_updated`),
);

/** A row of READ: the connection, with the active view's columns, all null when the pilot has no row. */
export type JoinedRow = {
  pilot_id: string;
  live_stream_version: number | null;
  stream_version: number | null;
  projection_version: number | null;
} & (ProjectedRow | { pilot_account_id: null });

export interface CheckRow {
  pilot_id: string;
  live_stream_version: number | null;
  stream_version: number | null;
  projection_version: number | null;
  /** ISO 8601, UTC, milliseconds: as answered. */
  last_updated: string | null;
}

/**
 * Whether the projection's row is older than totals the partner was already answered live (computed from
 * the write side before the projection had caught up): answering from it would take the partner back to
 * an older state of the pilot's logbook.
 */
export function behindLiveAnswer(row: {
  live_stream_version: number | null;
  stream_version: number | null;
}): boolean {
  return row.live_stream_version !== null && (row.stream_version ?? 0) < row.live_stream_version;
}
