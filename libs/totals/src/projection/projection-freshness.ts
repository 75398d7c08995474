import { type TopicAdmin } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { projectionMetrics } from './projection-metrics';
import { isPastEnd } from './offsets-past-end';
import { markedPastEnd, markPastEnd } from './past-end-marks';
import { positionOnTopic } from './stored-offsets';

/** A partition's first and end offsets on the topic and the next offset the projection version stored for it. */
export interface PartitionLag {
  partition: number;
  low: number;
  high: number;
  next: number;
  /**
   * The stored offset is past the partition's end (offsets-past-end.ts): found so now, or earlier (marked
   * in the database, or by this consumer: `knownPastEnd`) and not changed since.
   */
  pastEnd: boolean;
}

/** Each partition's stored next offset, and the partitions whose offset is marked past the end. */
export const storedNext = async (
  dataSource: DataSource,
  target: { topic: string; version: number },
): Promise<{ next: Map<number, number>; marked: Set<number> }> => {
  const rows = await dataSource.query<{ partition: number; next_offset: string; marked: boolean }[]>(
    `select o.kafka_partition as partition, o.next_offset, coalesce(${markedPastEnd('o')}, false) as marked
       from projection_offsets o where ${positionOnTopic('o', '$1', '$2')}`,
    [target.version, target.topic],
  );
  return {
    next: new Map(rows.map((o) => [o.partition, Number(o.next_offset)])),
    marked: new Set(rows.filter((o) => o.marked).map((o) => o.partition)),
  };
};

/**
 * Freshness and lag of one projection version: partitions read to their end as of now are complete
 * through now (`complete_through`), so an idle, healthy pipeline keeps `last_updated` current. Sets
 * the lag, events-gone and offset-past-end gauges per partition and returns the partitions' offsets. A
 * partition whose stored offset is past the topic's end is never complete: its events below that
 * offset are not folded.
 */
export async function refreshPartitionFreshness(
  admin: TopicAdmin,
  dataSource: DataSource,
  target: { topic: string; version: number },
  labels: { projection: string; version: string },
  /** Partitions this consumer found with their stored offset past the end, with that offset. */
  knownPastEnd: ReadonlyMap<number, string> = new Map(),
): Promise<PartitionLag[]> {
  const { topic, version } = target;
  // Read before the ends: an offset past an end asked for after it was never a position in this topic.
  const before = (await storedNext(dataSource, target)).next;
  const checkedAt = new Date();
  const ends = await admin.fetchTopicOffsets(topic);
  // Read after the ends for the gaps: a first offset past an offset read after it is a gap indeed. A
  // partition whose offset is not a position in this topic counts as unread, and is never taken for
  // complete through now.
  const { next: stored, marked } = await storedNext(dataSource, target);
  const found = (partition: number, high: number): boolean => {
    const next = stored.get(partition) ?? 0;
    const was = before.get(partition);
    return was !== undefined && was === next && isPastEnd({ high, next });
  };
  const pastEnd = (partition: number, high: number): boolean =>
    marked.has(partition) ||
    knownPastEnd.get(partition) === String(stored.get(partition) ?? 0) ||
    found(partition, high);
  // Marked, so that every replica, and this one after a restart, knows it once the topic grows past.
  await markPastEnd(
    dataSource,
    target,
    ends
      .filter((h) => !marked.has(h.partition) && pastEnd(h.partition, Number(h.high)))
      .map((h) => ({ partition: h.partition, next: stored.get(h.partition) ?? 0 })),
  );
  const highs = ends.filter((h) => !pastEnd(h.partition, Number(h.high)));
  await dataSource.query(
    `update projection_offsets o set complete_through = $1
       from unnest($2::integer[], $3::bigint[]) as h (kafka_partition, high)
      where ${positionOnTopic('o', '$4', '$5')} and o.kafka_partition = h.kafka_partition
        and o.next_offset >= h.high and (o.complete_through is null or o.complete_through < $1)`,
    [checkedAt, highs.map((h) => h.partition), highs.map((h) => h.high), version, topic],
  );
  return ends.map((h) => {
    const next = stored.get(h.partition) ?? 0;
    const partition = { ...labels, partition: String(h.partition) };
    const beyond = pastEnd(h.partition, Number(h.high));
    projectionMetrics.lag.set(partition, Math.max(0, Number(h.high) - next));
    // Deleted before the version read them (partitionsWithEventsGone): they will never come.
    projectionMetrics.eventsGone.set(partition, Math.max(0, Number(h.low) - next));
    projectionMetrics.offsetPastEnd.set(partition, beyond ? 1 : 0);
    return { partition: h.partition, low: Number(h.low), high: Number(h.high), next, pastEnd: beyond };
  });
}
