import { type Message } from '@platformatic/kafka';
import { type ConsumedMessage, type ConsumerRun, type KafkaRetry } from '../kafka.port';
import { translated } from './platformatic-errors';
import { type PartitionHighWatermarks } from './partition-high-watermarks';
import { type PartitionPositions } from './partition-positions';

export type Fetched = Message<Buffer, Buffer, Buffer, Buffer>;

export interface PartitionBatch {
  key: string;
  topic: string;
  partition: number;
  records: Fetched[];
}

const consumed = (r: Fetched): ConsumedMessage => ({
  offset: String(r.offset),
  key: r.key ?? null,
  value: r.value ?? null,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The records grouped by partition, in offset order, without those a seek made obsolete; `refetch`
 * is told where a partition's fetch must start again when a record shows it read on from before a seek.
 */
export function partitionBatches(
  records: Fetched[],
  positions: PartitionPositions,
  refetch: (key: string, offset: bigint) => void,
): PartitionBatch[] {
  const byPartition = new Map<string, PartitionBatch>();
  for (const r of records) {
    const key = `${r.topic}:${r.partition}`;
    const verdict = positions.take(key, r.offset);
    if (!verdict.take) {
      if (verdict.fetchFrom !== undefined) refetch(key, verdict.fetchFrom);
      continue;
    }
    let batch = byPartition.get(key);
    if (!batch) {
      batch = { key, topic: r.topic, partition: r.partition, records: [] };
      byPartition.set(key, batch);
    }
    batch.records.push(r);
  }
  return [...byPartition.values()];
}

/**
 * Hands a partition's batch to the port's handler (its batch or its messages one by one), retries a
 * failing handler as kafkajs does, and commits after it unless a seek made the batch stale.
 */
export class PartitionBatchHandler {
  private readonly retry: Required<KafkaRetry>;

  constructor(
    private readonly positions: PartitionPositions,
    private readonly highWatermarks: PartitionHighWatermarks,
    private readonly isRunning: () => boolean,
    retry: KafkaRetry = {},
  ) {
    // kafkajs's defaults, so a failing handler is retried as long under either client.
    this.retry = {
      initialRetryTime: retry.initialRetryTime ?? 300,
      maxRetryTime: retry.maxRetryTime ?? 30000,
      retries: retry.retries ?? 5,
    };
  }

  async handle(b: PartitionBatch, run: ConsumerRun): Promise<void> {
    const seeks = this.positions.seeks(b.key);
    const isStale = () => this.positions.seeks(b.key) !== seeks;
    const last = b.records[b.records.length - 1]!;
    const { eachBatch, eachMessage } = run;
    if (eachBatch) {
      const highWatermark = await this.highWatermarks.get(b.topic, b.partition, last.offset + 1n);
      const messages = b.records.map(consumed);
      await this.retried(() =>
        eachBatch({
          batch: {
            topic: b.topic,
            partition: b.partition,
            highWatermark: String(highWatermark),
            messages,
            lastOffset: () => String(last.offset),
          },
          isRunning: this.isRunning,
          isStale,
          // The client heartbeats on a timer of its own, whatever the handler does.
          heartbeat: () => Promise.resolve(),
        }),
      );
    } else if (eachMessage) {
      for (const r of b.records) {
        if (isStale() || !this.isRunning()) return;
        await this.retried(() =>
          eachMessage({ topic: b.topic, partition: b.partition, message: consumed(r) }),
        );
      }
    }
    if (run.autoCommit !== false && !isStale()) {
      await translated(
        () =>
          new Promise<void>((resolve, reject) => {
            void last.commit((error) => (error ? reject(error) : resolve()));
          }),
      );
    }
  }

  /** The handler again after a failure, backing off as kafkajs does, until the retries are spent. */
  private async retried(call: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (attempt >= this.retry.retries || !this.isRunning()) throw error;
        await sleep(Math.min(this.retry.maxRetryTime, this.retry.initialRetryTime * 2 ** attempt));
      }
    }
  }
}
