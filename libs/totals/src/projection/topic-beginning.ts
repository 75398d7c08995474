import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { readProjectionVersions } from './projection-versions';
import { positionOnTopic } from './stored-offsets';

/** A partition of the topic and where a projection version reads it next. */
export interface PartitionStart {
  partition: number;
  /** The first offset the topic still holds. */
  low: number;
  next: number;
}

/**
 * The topic no longer holds events a version still has to fold (its retention deleted them, or they
 * were deleted by hand): a version built from it would lack them, and its consumer would find nothing
 * at the offset it needs, again and again.
 */
export class TopicIncompleteError extends Error {
  constructor(
    readonly topic: string,
    readonly version: number,
    readonly partitions: readonly PartitionStart[],
  ) {
    const where = partitions
      .map(
        (p) =>
          `partition ${p.partition} begins at offset ${p.low}, version ${version} reads on from ${p.next}`,
      )
      .join('; ');
    super(
      `the topic ${topic} no longer holds events version ${version} has to fold (${where}): a version ` +
        'built from it would lack them. The topic is the replay source; its retention must be unlimited',
    );
  }
}

/** The partitions whose first offset is past where the version reads on: events it would never see. */
export function partitionsWithEventsGone(partitions: readonly PartitionStart[]): PartitionStart[] {
  return partitions.filter((p) => p.low > p.next);
}

/**
 * Throws TopicIncompleteError when the topic lacks events the version a rebuild would build (the one
 * being built, from its stored offsets, or a new one, from offset 0) has to fold.
 */
export async function checkTopicHoldsRebuild(
  kafka: KafkaClient,
  dataSource: DataSource,
  topic: string,
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  let offsets: { partition: number; low: string }[];
  try {
    offsets = await admin.fetchTopicOffsets(topic);
  } finally {
    await admin.disconnect();
  }
  const { active, building } = await readProjectionVersions(dataSource);
  const version = building ?? active + 1;
  // Offsets that are no positions in this topic do not count: the version is then begun again (beginRebuild).
  const stored = await dataSource.query<{ kafka_partition: number; next_offset: string }[]>(
    `select o.kafka_partition, o.next_offset::text as next_offset from projection_offsets o
      where ${positionOnTopic('o', '$1', '$2')}`,
    [version, topic],
  );
  const next = new Map(stored.map((s) => [s.kafka_partition, s.next_offset]));
  const gone = partitionsWithEventsGone(
    offsets.map((o) => ({
      partition: o.partition,
      low: Number(o.low),
      next: Number(next.get(o.partition) ?? 0),
    })),
  );
  if (gone.length > 0) throw new TopicIncompleteError(topic, version, gone);
}
