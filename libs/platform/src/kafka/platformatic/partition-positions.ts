/** What to do with a fetched record, per PartitionPositions.take. */
export type RecordVerdict = { take: true } | { take: false; fetchFrom?: bigint };

/**
 * Where the consumer reads each partition it holds ("topic:partition"), which the client's message
 * stream does not keep as a consumer needs: the stream has no seek (a fetch already under way may
 * still bring the old position), and each group join sets its fetch offsets back to the group's
 * committed ones. So: a sought offset leads until a record at it arrives; a record below the
 * position (handed out already, fetched again after a rejoin) is dropped.
 */
export class PartitionPositions {
  /** The offset sought, until a record at it arrives. */
  private readonly sought = new Map<string, bigint>();
  /** The offset after the last record taken (or the offset sought). */
  private readonly next = new Map<string, bigint>();
  /** How many seeks so far, so a batch handed out before a seek knows it is stale. */
  private readonly seekCounts = new Map<string, number>();

  seek(key: string, at: bigint): void {
    this.sought.set(key, at);
    this.next.set(key, at);
    this.seekCounts.set(key, this.seeks(key) + 1);
  }

  seeks(key: string): number {
    return this.seekCounts.get(key) ?? 0;
  }

  /** Whether to hand out the record; when not, perhaps the offset to fetch the partition from again. */
  take(key: string, offset: bigint): RecordVerdict {
    const sought = this.sought.get(key);
    if (sought !== undefined) {
      // From a fetch made before the seek, which moved the stream's position on: set it back.
      if (offset !== sought) return { take: false, fetchFrom: sought };
      this.sought.delete(key);
    }
    if (offset < (this.next.get(key) ?? -1n)) return { take: false };
    this.next.set(key, offset + 1n);
    return { take: true };
  }

  /**
   * The stream found the partition's offset no longer on the topic (below its first offset: a
   * retention deleted its records; or past its end) and moved it to `at`, the topic's first offset
   * or its end: it reads on from there, and a seek not reached yet is reached there (the records at
   * `at` are handed out, as kafkajs does, rather than dropped while the gone offset is asked again).
   */
  outOfRange(key: string, at: bigint): void {
    if (this.sought.has(key)) this.sought.set(key, at);
    if (this.next.has(key)) this.next.set(key, at);
  }

  /** The offsets sought and not reached yet: where a new stream must start those partitions. */
  soughtOffsets(): Iterable<[string, bigint]> {
    return this.sought;
  }

  /** Where each partition held reads on: what a join's fetch offsets are set back to. */
  positions(): Iterable<[string, bigint]> {
    return this.next;
  }

  /**
   * After a join: a partition given to another member is forgotten, so that neither a seek nor a
   * position leads, however old, once the partition comes back.
   */
  keepOnly(keys: Set<string>): void {
    for (const key of this.sought.keys()) if (!keys.has(key)) this.sought.delete(key);
    for (const key of this.next.keys()) if (!keys.has(key)) this.next.delete(key);
  }

  /** After a crash: records handed out may not have been handled, so no position leads (seeks do). */
  forgetPositions(): void {
    this.next.clear();
    for (const [key, at] of this.sought) this.next.set(key, at);
  }
}
