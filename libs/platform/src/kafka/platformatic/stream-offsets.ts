import { consumerFetchesChannel, findErrorBy, type MessagesStream } from '@platformatic/kafka';
import { type PartitionPositions } from './partition-positions';

type Stream = MessagesStream<Buffer, Buffer, Buffer, Buffer>;

/** What the client's fetch trace holds when a fetch fails: the request's partitions and the error. */
interface FailedFetch {
  client: unknown;
  options?: { topics?: { topicId: string; partitions: { partition: number; fetchOffset: bigint }[] }[] };
  error?: unknown;
}

/** The parts of a fetch's answer that say which partitions were out of range. */
interface FetchAnswer {
  responses?: { topicId: string; partitions: { partitionIndex: number; errorCode: number }[] }[];
}

const OFFSET_OUT_OF_RANGE = 1;

/**
 * Keeps the stream's fetch offsets and the consumer's positions together when the stream moves them:
 *
 * - A join sets each partition's next fetch to the group's committed offset: one this member kept
 *   reads on from where it was (or was sought to) instead.
 * - A fetch that finds a partition's offset no longer on the topic (out of range: below its first
 *   offset, its records deleted by a retention; or past its end) has the stream move the partition to
 *   the topic's first offset (a subscription from the beginning) or its end, as kafkajs does: the
 *   position follows. Set back to the gone offset instead, the partition was fetched, found out of
 *   range and moved again for ever, handing nothing out and keeping a core busy.
 *
 * The stream tells neither why it moved its offsets nor which; the client's fetch trace tells which
 * partitions a fetch found out of range, and the stream's next move is theirs.
 */
export class StreamOffsets {
  private stream: Stream | undefined;
  /** Partitions a fetch found out of range, with the offset it asked for, until the stream moves them. */
  private readonly outOfRange = new Map<string, bigint>();
  private readonly onFetchError = (trace: unknown): void => this.fetchFailed(trace as FailedFetch);
  private tracing = false;

  constructor(
    private readonly consumer: object,
    private readonly positions: PartitionPositions,
  ) {}

  follow(stream: Stream): void {
    this.stream = stream;
    this.outOfRange.clear();
    if (!this.tracing) {
      consumerFetchesChannel.error.subscribe(this.onFetchError);
      this.tracing = true;
    }
    stream.on('offsets', () => {
      if (this.stream !== stream) return;
      for (const [key, asked] of this.outOfRange) {
        const at = stream.offsetsToFetch.get(key);
        if (at !== undefined && at !== asked) this.positions.outOfRange(key, at);
      }
      this.outOfRange.clear();
      for (const [key, offset] of this.positions.positions()) stream.offsetsToFetch.set(key, offset);
    });
  }

  close(): void {
    this.stream = undefined;
    if (this.tracing) consumerFetchesChannel.error.unsubscribe(this.onFetchError);
    this.tracing = false;
  }

  private fetchFailed({ client, options, error }: FailedFetch): void {
    const stream = this.stream;
    if (client !== this.consumer || !stream || !(error instanceof Error)) return;
    if (!findErrorBy(error, 'apiId', 'OFFSET_OUT_OF_RANGE')) return;
    const answer = (error as { response?: FetchAnswer }).response;
    for (const topic of answer?.responses ?? []) {
      for (const { partitionIndex, errorCode } of topic.partitions) {
        if (errorCode !== OFFSET_OUT_OF_RANGE) continue;
        // The request names each partition apart, its topic repeated.
        const asked = (options?.topics ?? [])
          .filter((t) => t.topicId === topic.topicId)
          .flatMap((t) => t.partitions)
          .find((p) => p.partition === partitionIndex)?.fetchOffset;
        if (asked === undefined) continue;
        // The answer names the topic by its id: the partition of that number still to be fetched there.
        for (const [key, offset] of stream.offsetsToFetch)
          if (offset === asked && key.endsWith(`:${partitionIndex}`)) this.outOfRange.set(key, asked);
      }
    }
  }
}
