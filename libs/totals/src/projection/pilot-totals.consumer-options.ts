import { type ConsumerOptions, type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

export interface ProjectionLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Partitions a fold applies at once with a pool of `poolSize` connections (the projector's and the
 * CLI's rebuild): each holds one for its transaction, two are left for the rest, and at most 8.
 */
export function foldConcurrency(poolSize: number): number {
  return Math.max(1, Math.min(8, poolSize - 2));
}

export interface PilotTotalsConsumerOptions {
  kafka: KafkaClient;
  dataSource: DataSource;
  topic: string;
  deadLetterTopic: string;
  /** The version of the projection tables this consumer writes. */
  version: number;
  logger?: ProjectionLogger;
  /** Partitions applied at once; each holds one pooled connection for its transaction. */
  concurrency?: number;
  /** Bytes fetched per partition and request: the upper bound of one batch (default 8 MiB). */
  maxBytesPerPartition?: number;
  /** See the projector's PROJECTOR_SESSION_TIMEOUT_MS (default 6000, the broker's least by default). */
  sessionTimeoutMs?: number;
  /** Called once when a batch finds its version superseded (switched away by a rebuild). */
  onSuperseded?: (version: number) => void;
  /**
   * Awaited after each batch that changed the tables has committed, before the next batch of the
   * partition: the projector announces the change to partner API replicas (PartnerReadRevision).
   */
  afterChange?: () => Promise<unknown>;
}

/**
 * One consumer group per topic and projection version: a rebuild reads the topic from 0 beside the
 * running version, and consumers of other topics (other environments, tests) never share a group,
 * so they never hold up each other's rebalances.
 */
export const projectionGroupId = (topic: string, version: number): string =>
  `pft-projector-${topic}-${PILOT_TOTALS_PROJECTION}-v${version}`;

/** The broker's default group.min.session.timeout.ms: a dead member's partitions move on after this. */
const DEFAULT_SESSION_TIMEOUT_MS = 6000;

/** A member learns of a rebalance at its next heartbeat: a tenth of the session rejoins quickly. */
export const heartbeatIntervalMs = (options: Pick<PilotTotalsConsumerOptions, 'sessionTimeoutMs'>): number =>
  Math.floor((options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS) / 10);

/** The group membership and fetch sizes of a projection version's consumer. */
export function projectionConsumerOptions(options: PilotTotalsConsumerOptions): ConsumerOptions {
  const sessionTimeoutMs = options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS;
  return {
    groupId: projectionGroupId(options.topic, options.version),
    sessionTimeoutMs,
    // How long a rebalance waits for a member to rejoin: half the session. A live one learns of it
    // at its next heartbeat and rejoins once its batch is done, well within that; a slower one joins
    // the next generation instead of holding the others up. Bounded because a member killed just
    // after it rejoined is found dead only a session after the rebalance completes: half a session
    // of waiting, a session, and the rejoin stay within the 10 s failover goal (docs/operations.md).
    rebalanceTimeoutMs: Math.ceil(sessionTimeoutMs / 2),
    heartbeatIntervalMs: heartbeatIntervalMs(options),
    maxBytesPerPartition: options.maxBytesPerPartition ?? 8 * 1024 * 1024,
    maxBytes: 64 * 1024 * 1024,
    maxWaitTimeMs: 100,
  };
}
