/** A partition's end is asked of the broker again once this old (it only feeds the lag figure). */
const HIGH_WATERMARK_AGE_MS = 1000;

/** Asks the broker for the end of each partition of a topic, by partition; undefined when it cannot. */
export type ListEndOffsets = (topic: string, partition: number) => Promise<bigint | undefined>;

/**
 * The ends (high watermarks) of the partitions a consumer reads, asked of the broker at most once a
 * second per partition: @platformatic/kafka's message stream does not carry them, and the port's batch
 * hands one to the handler (the projector's lag figure).
 */
export class PartitionHighWatermarks {
  private readonly known = new Map<string, { offset: bigint; at: number }>();

  constructor(
    private readonly listEnd: ListEndOffsets,
    private readonly now: () => number = Date.now,
  ) {}

  /** The partition's end: at least `atLeast` (the offset after the batch in hand). */
  async get(topic: string, partition: number, atLeast: bigint): Promise<bigint> {
    const key = `${topic}:${partition}`;
    const cached = this.known.get(key);
    if (cached && cached.offset >= atLeast && this.now() - cached.at < HIGH_WATERMARK_AGE_MS)
      return cached.offset;
    const end = await this.listEnd(topic, partition).catch(() => undefined);
    const offset = end !== undefined && end > atLeast ? end : atLeast;
    this.known.set(key, { offset, at: this.now() });
    return offset;
  }
}
