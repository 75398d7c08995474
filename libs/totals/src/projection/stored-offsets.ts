import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

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
      `select kafka_partition, next_offset::text as next_offset from projection_offsets
        where projection = $1 and version = $2 and kafka_partition = any($3::int[]) and topic = $4`,
      [PILOT_TOTALS_PROJECTION, version, partitions, topic],
    ),
  );
  const stored = new Map(rows.map((r) => [r.kafka_partition, r.next_offset]));
  return new Map(partitions.map((p) => [p, stored.get(p) ?? '0']));
}
