import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';
import { readProjectionVersions } from './projection-versions';
import { isPastEnd } from './offsets-past-end';
import { markedPastEnd } from './past-end-marks';
import { positionOnTopic } from './stored-offsets';

export interface PartitionStatus {
  partition: number;
  /** The first offset the topic still holds of the partition (0 unless records were deleted). */
  start: number;
  /** End of the partition on the topic. */
  end: number;
  /** Next offset the version will read, as stored with its last batch. */
  next: number;
  lag: number;
  /**
   * Events the version has still to fold that the topic no longer holds (start past next: a retention
   * other than unlimited): above 0, the version cannot be complete (docs/operations.md).
   */
  eventsGone: number;
  /**
   * The stored offset is past the end of the partition (next past end, read before the end was asked
   * for): the topic is not the one the version read (made again, a database from another environment),
   * and the partition folds nothing until the version is rebuilt from it (docs/operations.md).
   */
  pastEnd: boolean;
  completeThrough: Date | null;
}

export interface VersionStatus {
  version: number;
  role: 'active' | 'building';
  partitions: PartitionStatus[];
  lag: number;
  /** The partitions' events gone, summed. */
  eventsGone: number;
  /** How many partitions have their stored offset past the end of the topic. */
  offsetsPastEnd: number;
  deadLetters: number;
  lastDeadLetter: { at: Date; reason: string; partition: number; offset: string } | null;
}

export interface ProjectionStatus {
  projection: string;
  topic: string;
  switchedAt: Date;
  versions: VersionStatus[];
}

/** What `pft projections status` shows: versions, lag per partition, dead letters. */
export async function readProjectionStatus(
  dataSource: DataSource,
  kafka: KafkaClient,
  topic: string,
): Promise<ProjectionStatus> {
  const { active, building, switchedAt } = await readProjectionVersions(dataSource);
  const roles = [[active, 'active'], ...(building === null ? [] : [[building, 'building']])] as [
    number,
    'active' | 'building',
  ][];
  // Read before the ends: an offset past an end asked for after it was never a position in this topic
  // (read after, one a batch stored meanwhile would look past it).
  const before = new Map<number, Map<number, string>>();
  for (const [version] of roles) {
    const rows = await dataSource.query<{ kafka_partition: number; next_offset: string }[]>(
      `select o.kafka_partition, o.next_offset from projection_offsets o where ${positionOnTopic('o', '$1', '$2')}`,
      [version, topic],
    );
    before.set(version, new Map(rows.map((r) => [r.kafka_partition, String(r.next_offset)])));
  }
  const admin = kafka.admin();
  await admin.connect();
  let ends: { partition: number; low: string; high: string }[];
  try {
    ends = await admin.fetchTopicOffsets(topic);
  } finally {
    await admin.disconnect();
  }
  const versions: VersionStatus[] = [];
  for (const [version, role] of roles) {
    const offsets = await dataSource.query<
      { kafka_partition: number; next_offset: string; complete_through: Date | null; marked: boolean }[]
    >(
      // As the projector's freshness does, a partition whose offset is not a position in this topic
      // counts as unread.
      `select o.kafka_partition, o.next_offset, o.complete_through,
              coalesce(${markedPastEnd('o')}, false) as marked
         from projection_offsets o where ${positionOnTopic('o', '$1', '$2')}`,
      [version, topic],
    );
    const byPartition = new Map(offsets.map((o) => [o.kafka_partition, o]));
    const partitions = ends
      .map(({ partition, low, high }) => {
        const stored = byPartition.get(partition);
        const next = Number(stored?.next_offset ?? 0);
        const was = before.get(version)?.get(partition);
        return {
          partition,
          start: Number(low),
          end: Number(high),
          next,
          lag: Math.max(0, Number(high) - next),
          eventsGone: Math.max(0, Number(low) - next),
          pastEnd:
            (stored?.marked ?? false) ||
            (was !== undefined && Number(was) === next && isPastEnd({ high: Number(high), next })),
          completeThrough: stored?.complete_through ?? null,
        };
      })
      .sort((a, b) => a.partition - b.partition);
    const [dead] = await dataSource.query<{ count: number; last: Date | null }[]>(
      `select count(*)::int as count, max(recorded_at) as last from projection_dead_letters where projection = $1 and version = $2`,
      [PILOT_TOTALS_PROJECTION, version],
    );
    const [last] = await dataSource.query<
      { recorded_at: Date; reason: string; kafka_partition: number; kafka_offset: string }[]
    >(
      `select recorded_at, reason, kafka_partition, kafka_offset from projection_dead_letters
        where projection = $1 and version = $2 order by recorded_at desc, kafka_offset desc limit 1`,
      [PILOT_TOTALS_PROJECTION, version],
    );
    versions.push({
      version,
      role,
      partitions,
      lag: partitions.reduce((sum, p) => sum + p.lag, 0),
      eventsGone: partitions.reduce((sum, p) => sum + p.eventsGone, 0),
      offsetsPastEnd: partitions.filter((p) => p.pastEnd).length,
      deadLetters: dead?.count ?? 0,
      lastDeadLetter: last
        ? {
            at: last.recorded_at,
            reason: last.reason,
            partition: last.kafka_partition,
            offset: last.kafka_offset,
          }
        : null,
    });
  }
  return { projection: PILOT_TOTALS_PROJECTION, topic, switchedAt, versions };
}
