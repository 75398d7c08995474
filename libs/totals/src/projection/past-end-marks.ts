import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type TopicAdmin } from '@pft/platform/kafka/kafka.port';
import { isPastEnd, OffsetsPastEndError, type PartitionPastEnd, seeksOnJoining } from './offsets-past-end';
import { type ParkedPartitions } from './parked-partitions';
import { type ProjectionLogger } from './pilot-totals.consumer-options';
import { positionOnTopic } from './stored-offsets';

/**
 * A row of `projection_offsets` (as `alias`) whose stored offset was found past the end of the topic and
 * is still that one (SQL): the partition folds nothing, in every replica and across restarts, however
 * far the topic has grown since (offsets-past-end.ts). A batch that stores an offset clears the mark.
 */
export const markedPastEnd = (alias: string): string => `(${alias}.past_end_offset = ${alias}.next_offset)`;

/** Marks each of `partitions` whose stored offset is still `next`, found past the end of `topic`. */
export async function markPastEnd(
  q: Queryable,
  target: { version: number; topic: string },
  partitions: readonly { partition: number; next: number }[],
): Promise<void> {
  if (partitions.length === 0) return;
  await q.query(
    `update projection_offsets o set past_end_offset = o.next_offset
       from unnest($3::integer[], $4::bigint[]) as f (kafka_partition, next)
      where ${positionOnTopic('o', '$1', '$2')} and o.kafka_partition = f.kafka_partition
        and o.next_offset = f.next`,
    [target.version, target.topic, partitions.map((p) => p.partition), partitions.map((p) => p.next)],
  );
}

/** The partitions of `partitions` whose stored offset is marked past the end, with that offset. */
export async function pastEndMarks(
  q: Queryable,
  target: { version: number; topic: string },
  partitions: readonly number[],
): Promise<Map<number, string>> {
  const rows = rowsOf<{ kafka_partition: number; next_offset: string }>(
    await q.query(
      `select o.kafka_partition, o.next_offset::text as next_offset from projection_offsets o
        where ${positionOnTopic('o', '$1', '$2')} and ${markedPastEnd('o')} and o.kafka_partition = any($3::int[])`,
      [target.version, target.topic, partitions],
    ),
  );
  return new Map(rows.map((r) => [r.kafka_partition, r.next_offset]));
}

/**
 * The partitions of `version` whose stored offset is past the end of `topic` (read before the ends are
 * asked for) or marked so: a version being built from them would skip the topic's events below them.
 */
export async function versionPastEnd(
  q: Queryable,
  admin: { fetchTopicOffsets(topic: string): Promise<{ partition: number; high: string }[]> },
  target: { version: number; topic: string },
): Promise<PartitionPastEnd[]> {
  const rows = rowsOf<{ kafka_partition: number; next_offset: string; marked: boolean }>(
    await q.query(
      `select o.kafka_partition, o.next_offset::text as next_offset, coalesce(${markedPastEnd('o')}, false) as marked
         from projection_offsets o where ${positionOnTopic('o', '$1', '$2')}`,
      [target.version, target.topic],
    ),
  );
  const ends = new Map(
    (await admin.fetchTopicOffsets(target.topic)).map((e) => [e.partition, Number(e.high)]),
  );
  return rows.flatMap((r) => {
    const high = ends.get(r.kafka_partition) ?? 0;
    const next = Number(r.next_offset);
    return r.marked || isPastEnd({ high, next }) ? [{ partition: r.kafka_partition, high, next }] : [];
  });
}

/**
 * The stored offsets of the partitions a join gave (`stored`), each past the topic's end, or marked so,
 * replaced by that end and parked there: sought to it, the partition would be out of range, read from
 * its first offset, and its events below the stored offset skipped as applied already. Those found
 * now are told and marked.
 */
export async function pastEndOnJoining(
  consumer: {
    dataSource: Queryable;
    topic: string;
    version: number;
    admin: TopicAdmin | undefined;
    parked: ParkedPartitions;
    logger: ProjectionLogger;
  },
  stored: Map<number, string>,
): Promise<Map<number, string>> {
  const { dataSource, topic, version, admin, parked, logger } = consumer;
  if (!admin) return stored;
  const marked = await pastEndMarks(dataSource, { version, topic }, [...stored.keys()]);
  const ends = () => admin.fetchTopicOffsets(topic);
  const { offsets, pastEnd, found } = await seeksOnJoining(ends, stored, marked);
  const told = pastEnd.filter((p) => parked.pastEndOffsets.get(p.partition) !== String(p.next));
  for (const p of pastEnd) parked.foundPastEnd(p.partition, String(p.next));
  if (told.length > 0)
    logger.error(`${new OffsetsPastEndError(topic, version, told).message} (docs/operations.md)`);
  await markPastEnd(dataSource, { version, topic }, found).catch((error: unknown) =>
    logger.warn(
      `offsets past the end of the topic not marked: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
  return offsets;
}
