import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

/**
 * A row of `projection_offsets` (as `alias`) that is a position of projection version `version` in
 * `topic` (SQL expressions, parameters as a rule). The one place that tells: an offset stored from
 * another topic (PILOT_EVENTS_TOPIC changed, docs/privacy.md) is no position in this one, and every
 * reader of the offsets (the batch, the seeks on joining, freshness, status, the rebuild) takes it for
 * none. Rows of another topic are not reset once instead: during a rolling update, replicas still
 * configured with the old topic (a group of their own, all partitions theirs) go on storing its
 * offsets in the same rows.
 */
export const positionOnTopic = (alias: string, version: string, topic: string): string =>
  `(${alias}.projection = '${PILOT_TOTALS_PROJECTION}' and ${alias}.version = ${version} and ${alias}.topic = ${topic})`;

/**
 * Where each of `partitions` of `topic` reads on for one version of the projection: its stored next
 * offset, or 0 for a partition nothing was stored for yet, or stored from another topic (the database
 * is the truth, not the group's commit).
 */
export async function storedOffsets(
  q: Queryable,
  version: number,
  partitions: readonly number[],
  topic: string,
): Promise<Map<number, string>> {
  const rows = rowsOf<{ kafka_partition: number; next_offset: string }>(
    await q.query(
      `select o.kafka_partition, o.next_offset::text as next_offset from projection_offsets o
        where ${positionOnTopic('o', '$1', '$3')} and o.kafka_partition = any($2::int[])`,
      [version, partitions, topic],
    ),
  );
  const stored = new Map(rows.map((r) => [r.kafka_partition, r.next_offset]));
  return new Map(partitions.map((p) => [p, stored.get(p) ?? '0']));
}
