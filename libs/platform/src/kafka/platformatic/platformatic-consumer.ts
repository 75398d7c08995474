import {
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  type BaseOptions,
  type GroupAssignment,
  type MessagesStream,
} from '@platformatic/kafka';
import {
  type ConsumerCrash,
  type ConsumerOptions,
  type ConsumerRun,
  type EventConsumer,
  type KafkaLogger,
  type KafkaRetry,
  type TopicPartitionOffset,
  type TopicPartitions,
} from '../kafka.port';
import { toPortError, translated } from './platformatic-errors';
import { logClientEvents } from './platformatic-log';
import { withoutUndefined } from './platformatic-options';
import { PartitionHighWatermarks } from './partition-high-watermarks';
import { type Fetched, PartitionBatchHandler, partitionBatches } from './platformatic-batches';
import { PartitionPositions } from './partition-positions';
import { StreamOffsets } from './stream-offsets';

type Stream = MessagesStream<Buffer, Buffer, Buffer, Buffer>;

/** Between attempts to open the stream again after a crash, while the broker does not answer. */
const REOPEN_DELAY_MS = 500;

const assigned = (assignments: GroupAssignment[] | null | undefined): TopicPartitions[] =>
  (assignments ?? []).map(({ topic, partitions }) => ({ topic, partitions: [...partitions] }));

const toError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The port's batch consumer on @platformatic/kafka's message stream. The client hands out messages
 * one by one and has no seek: a batch is what the stream holds when the handler is free (grouped by
 * partition), and a seek sets the stream's next fetch offset, then drops what arrives for that
 * partition until the sought offset does (a fetch already under way may still bring the old position).
 * An offset no longer on the topic is read from the topic's first offset (fromBeginning) or its end.
 */
export class PlatformaticConsumer implements EventConsumer {
  private readonly consumer: Consumer<Buffer, Buffer, Buffer, Buffer>;
  private readonly batchHandler: PartitionBatchHandler;
  private topics: string[] = [];
  private fromBeginning = false;
  private stream: Stream | undefined;
  private streamError: unknown;
  private wake: (() => void) | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly positions = new PartitionPositions();
  private readonly streamOffsets: StreamOffsets;
  private readonly crashListeners: ((crash: ConsumerCrash) => void)[] = [];
  private readonly joinListeners: ((assigned: TopicPartitions[]) => void)[] = [];

  constructor(base: BaseOptions, options: ConsumerOptions, retry: KafkaRetry = {}, logger?: KafkaLogger) {
    this.consumer = new Consumer(
      withoutUndefined({
        ...base,
        groupId: options.groupId,
        sessionTimeout: options.sessionTimeoutMs,
        // The client refuses a rebalance timeout shorter than the session (the protocol does not).
        rebalanceTimeout:
          options.rebalanceTimeoutMs === undefined
            ? undefined
            : Math.max(options.rebalanceTimeoutMs, options.sessionTimeoutMs ?? 0),
        heartbeatInterval: options.heartbeatIntervalMs,
        maxBytesPerPartition: options.maxBytesPerPartition,
        maxBytes: options.maxBytes,
        maxWaitTime: options.maxWaitTimeMs,
      }),
    );
    logClientEvents(this.consumer, 'consumer', logger);
    this.streamOffsets = new StreamOffsets(this.consumer, this.positions);
    this.consumer.on('consumer:group:join', ({ assignments }) =>
      this.positions.keepOnly(
        new Set(assigned(assignments).flatMap((a) => a.partitions.map((p) => `${a.topic}:${p}`))),
      ),
    );
    const highWatermarks = new PartitionHighWatermarks(async (topic, partition) => {
      const listed = await this.consumer.listOffsets({
        topics: [topic],
        partitions: { [topic]: [partition] },
        timestamp: -1n,
      });
      return listed.get(topic)?.[partition];
    });
    this.batchHandler = new PartitionBatchHandler(this.positions, highWatermarks, () => this.running, retry);
  }

  /** The client connects on its first request: asking for metadata proves a broker answers. */
  async connect(): Promise<void> {
    await translated(() => this.consumer.metadata({ topics: [] }));
  }

  subscribe(topics: string[], options: { fromBeginning?: boolean } = {}): Promise<void> {
    this.topics = [...new Set([...this.topics, ...topics])];
    this.fromBeginning = options.fromBeginning ?? false;
    return Promise.resolve();
  }

  async run(run: ConsumerRun): Promise<void> {
    this.running = true;
    await this.open();
    this.loop = this.consume(run);
  }

  seek(topic: string, partition: number, offset: string): void {
    const key = `${topic}:${partition}`;
    const at = BigInt(offset);
    this.positions.seek(key, at);
    this.stream?.offsetsToFetch.set(key, at);
  }

  /** Leader epoch -1: the broker does not check the partition's leader epoch (kafkajs sends none). */
  commitOffsets(offsets: TopicPartitionOffset[]): Promise<void> {
    return translated(() =>
      this.consumer.commit({
        offsets: offsets.map(({ topic, partition, offset }) => ({
          topic,
          partition,
          offset: BigInt(offset),
          leaderEpoch: -1,
        })),
      }),
    );
  }

  onCrash(listener: (crash: ConsumerCrash) => void): void {
    this.crashListeners.push(listener);
  }

  onGroupJoin(listener: (assigned: TopicPartitions[]) => void): void {
    this.joinListeners.push(listener);
    this.consumer.on('consumer:group:join', ({ assignments }) => listener(assigned(assignments)));
  }

  async disconnect(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    await this.closeStream();
    this.streamOffsets.close();
    await translated(() => this.consumer.close());
  }

  /** Joins the group and starts fetching: from the committed offsets, else the first or the next message. */
  private async open(): Promise<void> {
    const stream = await translated(() =>
      this.consumer.consume({
        topics: this.topics,
        mode: MessagesStreamModes.COMMITTED,
        fallbackMode: this.fromBeginning
          ? MessagesStreamFallbackModes.EARLIEST
          : MessagesStreamFallbackModes.LATEST,
        autocommit: false,
      }),
    );
    this.streamError = undefined;
    stream.on('readable', () => this.wake?.());
    this.streamOffsets.follow(stream);
    stream.on('close', () => this.wake?.());
    stream.on('error', (error) => {
      this.streamError = error;
      this.wake?.();
    });
    for (const [key, offset] of this.positions.soughtOffsets()) stream.offsetsToFetch.set(key, offset);
    this.stream = stream;
  }

  private async closeStream(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    if (stream && !stream.closed) await stream.close().catch(() => undefined);
  }

  private async consume(run: ConsumerRun): Promise<void> {
    while (this.running) {
      try {
        const batches = partitionBatches(await this.available(), this.positions, (key, offset) =>
          this.stream?.offsetsToFetch.set(key, offset),
        );
        const limit = Math.max(1, run.partitionsConsumedConcurrently ?? 1);
        for (let i = 0; i < batches.length && this.running; i += limit) {
          await Promise.all(batches.slice(i, i + limit).map((b) => this.batchHandler.handle(b, run)));
        }
      } catch (error) {
        if (!this.running) return;
        await this.crash(error);
      }
    }
  }

  /** What the stream holds now; waits for at least one message while it holds none. */
  private async available(): Promise<Fetched[]> {
    const stream = this.stream;
    if (!stream) throw new Error('the consumer has no message stream');
    const records: Fetched[] = [];
    for (;;) {
      if (this.streamError !== undefined) throw toError(this.streamError);
      for (let r = stream.read() as Fetched | null; r !== null; r = stream.read() as Fetched | null)
        records.push(r);
      if (records.length > 0 || !this.running) return records;
      if (stream.closed) throw new Error('the message stream closed');
      await new Promise<void>((resolve) => {
        this.wake = () => {
          this.wake = undefined;
          resolve();
        };
      });
    }
  }

  /** Tells the listeners, then starts again from the committed offsets (and any offsets sought). */
  private async crash(error: unknown): Promise<void> {
    const reported = toPortError(error);
    const crash = {
      error: reported instanceof Error ? reported : new Error(String(reported)),
      restart: true,
    };
    for (const listener of this.crashListeners) listener(crash);
    // Records handed out may not have been handled: from the committed offsets (or those sought) again.
    this.positions.forgetPositions();
    await this.closeStream();
    while (this.running) {
      try {
        await this.open();
        // A member that never left the group joins no new generation: the stream is what tells.
        for (const listener of this.joinListeners) listener(assigned(this.consumer.assignments));
        return;
      } catch {
        await sleep(REOPEN_DELAY_MS);
      }
    }
  }
}
