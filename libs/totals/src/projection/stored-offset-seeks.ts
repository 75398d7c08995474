/**
 * The seeks of the partitions a join newly gives a consumer to the offsets stored with the projection.
 * The group's commit follows the stored offsets, but a database behind it (restored from a backup, or
 * new on a group that folded before) must not start past what it holds. The client fetches a partition
 * just given from the group's commit before its stored offset is read: a batch of it waits for the seek
 * (`settled`) and, fetched from elsewhere, is then stale and dropped, rather than read below what is
 * stored.
 */
export class StoredOffsetSeeks {
  /** Partitions whose stored offsets are still being read, with that read. */
  private readonly pending = new Map<number, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly io: {
      /** Each partition's stored next offset (storedOffsets). */
      read(partitions: number[]): Promise<Map<number, string>>;
      seek(partition: number, offset: string): void;
      /** The consumer's joins so far (KeptPartitions.generation): a later join's seeks win. */
      generation(): number;
      /** When the offsets could not be read: the partitions are read from the group's commit. */
      failed(error: unknown): void;
    },
  ) {}

  /** A join gave these partitions: they are sought to their stored offsets once those are read. */
  given(partitions: number[]): void {
    if (partitions.length === 0 || this.stopped) return;
    const seeking = this.seek(partitions, this.io.generation());
    for (const partition of partitions) this.pending.set(partition, seeking);
    void seeking.then(() => {
      for (const partition of partitions)
        if (this.pending.get(partition) === seeking) this.pending.delete(partition);
    });
  }

  /** Resolves once no seek of `partition` to its stored offset is pending (at once when none is). */
  async settled(partition: number): Promise<void> {
    for (let s = this.pending.get(partition); s; s = this.pending.get(partition)) await s;
  }

  /**
   * For a consumer that has left its group: no seek is made from here on, and a read still in flight
   * that fails is not reported (the member is gone, its pool may be closed under the read; the next
   * owner of the partitions reads their offsets itself).
   */
  stop(): void {
    this.stopped = true;
  }

  private async seek(partitions: number[], generation: number): Promise<void> {
    try {
      const offsets = await this.io.read(partitions);
      if (this.stopped || generation !== this.io.generation()) return;
      for (const [partition, offset] of offsets) this.io.seek(partition, offset);
    } catch (err) {
      if (!this.stopped) this.io.failed(err);
    }
  }
}
