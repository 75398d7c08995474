import { type Consumer, type Kafka, type RetryOptions } from 'kafkajs';
import {
  type ConsumerCrash,
  type ConsumerOptions,
  type ConsumerRun,
  type EventConsumer,
  type TopicPartitionOffset,
  type TopicPartitions,
} from '../kafka.port';
import { toPortError, translated } from './kafkajs-errors';

/**
 * How old the cluster's metadata may be when a fetch starts. kafkajs does not read it again when a
 * broker refuses connections (tulios/kafkajs#950): without this its fetches kept going to a dead
 * broker, after its partitions had new leaders, until the retries ran out.
 */
const METADATA_MAX_AGE_MS = 1000;

export class KafkajsConsumer implements EventConsumer {
  private readonly consumer: Consumer;

  /**
   * `retry`: the client's own (kafkajs's consumer otherwise retries a failed fetch five times, doubling
   * its wait, then stops, starts again and rejoins its group, which costs a rebalance).
   */
  constructor(kafka: Kafka, options: ConsumerOptions, retry: RetryOptions) {
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      retry,
      metadataMaxAge: METADATA_MAX_AGE_MS,
      sessionTimeout: options.sessionTimeoutMs,
      rebalanceTimeout: options.rebalanceTimeoutMs,
      heartbeatInterval: options.heartbeatIntervalMs,
      maxBytesPerPartition: options.maxBytesPerPartition,
      maxBytes: options.maxBytes,
      maxWaitTimeInMs: options.maxWaitTimeMs,
      // A subscription to a missing topic fails: topics are made by the project, never by auto-creation.
      allowAutoTopicCreation: false,
    });
  }

  connect(): Promise<void> {
    return translated(() => this.consumer.connect());
  }

  subscribe(topics: string[], options: { fromBeginning?: boolean } = {}): Promise<void> {
    return translated(() => this.consumer.subscribe({ topics, fromBeginning: options.fromBeginning }));
  }

  run(run: ConsumerRun): Promise<void> {
    const { eachBatch, eachMessage } = run;
    return translated(() =>
      this.consumer.run({
        autoCommit: run.autoCommit,
        // Every message of a batch that completes counts as consumed: the handler takes the batch whole.
        eachBatchAutoResolve: true,
        partitionsConsumedConcurrently: run.partitionsConsumedConcurrently,
        eachBatch: eachBatch
          ? (payload) =>
              eachBatch({
                batch: {
                  topic: payload.batch.topic,
                  partition: payload.batch.partition,
                  highWatermark: payload.batch.highWatermark,
                  messages: payload.batch.messages,
                  lastOffset: () => payload.batch.lastOffset(),
                },
                isRunning: () => payload.isRunning(),
                isStale: () => payload.isStale(),
                // Untranslated: a rebalance error that the handler lets through makes kafkajs rejoin.
                heartbeat: () => payload.heartbeat(),
              })
          : undefined,
        eachMessage: eachMessage
          ? ({ topic, partition, message }) => eachMessage({ topic, partition, message })
          : undefined,
      }),
    );
  }

  seek(topic: string, partition: number, offset: string): void {
    this.consumer.seek({ topic, partition, offset });
  }

  commitOffsets(offsets: TopicPartitionOffset[]): Promise<void> {
    return translated(() => this.consumer.commitOffsets(offsets));
  }

  onCrash(listener: (crash: ConsumerCrash) => void): void {
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      const error = toPortError(payload.error);
      listener({ error: error instanceof Error ? error : payload.error, restart: payload.restart });
    });
  }

  /** Called before the first fetch of the new generation: kafkajs emits the event synchronously. */
  onGroupJoin(listener: (assigned: TopicPartitions[]) => void): void {
    this.consumer.on(this.consumer.events.GROUP_JOIN, ({ payload }) =>
      listener(
        Object.entries(payload.memberAssignment).map(([topic, partitions]) => ({ topic, partitions })),
      ),
    );
  }

  disconnect(): Promise<void> {
    return translated(() => this.consumer.disconnect());
  }
}
