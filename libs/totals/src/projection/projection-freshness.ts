import { type TopicAdmin } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { projectionMetrics } from './projection-metrics';
import { positionOnTopic } from './stored-offsets';

/** A partition's first and end offsets on the topic and the next offset the projection version stored for it. */
export interface PartitionLag {
  partition: number;
  low: number;
  high: number;
  next: number;
}

/**
 * Freshness and lag of one projection version: partitions read to their end as of now are complete
 * through now (`complete_through`), so an idle, healthy pipeline keeps `last_updated` current. Sets
 * the lag and events-gone gauges per partition and returns the partitions' offsets.
 */
export async function refreshPartitionFreshness(
  admin: TopicAdmin,
  dataSource: DataSource,
  target: { topic: string; version: number },
  labels: { projection: string; version: string },
): Promise<PartitionLag[]> {
  const { topic, version } = target;
  const checkedAt = new Date();
  const highs = await admin.fetchTopicOffsets(topic);
  // A partition whose offset is not a position in this topic counts as unread, and is never taken for
  // complete through now.
  const rows = await dataSource.query<{ partition: number; next_offset: string }[]>(
    `select o.kafka_partition as partition, o.next_offset from projection_offsets o
      where ${positionOnTopic('o', '$1', '$2')}`,
    [version, topic],
  );
  const stored = new Map(rows.map((o) => [o.partition, Number(o.next_offset)]));
  await dataSource.query(
    `update projection_offsets o set complete_through = $1
       from unnest($2::integer[], $3::bigint[]) as h (kafka_partition, high)
      where ${positionOnTopic('o', '$4', '$5')} and o.kafka_partition = h.kafka_partition
        and o.next_offset >= h.high and (o.complete_through is null or o.complete_through < $1)`,
    [checkedAt, highs.map((h) => h.partition), highs.map((h) => h.high), version, topic],
  );
  return highs.map((h) => {
    const next = stored.get(h.partition) ?? 0;
    const partition = { ...labels, partition: String(h.partition) };
    projectionMetrics.lag.set(partition, Math.max(0, Number(h.high) - next));
    // Deleted before the version read them (partitionsWithEventsGone): they will never come.
    projectionMetrics.eventsGone.set(partition, Math.max(0, Number(h.low) - next));
    return { partition: h.partition, low: Number(h.low), high: Number(h.high), next };
  });
}
