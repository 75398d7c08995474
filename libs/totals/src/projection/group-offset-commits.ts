/** A partition's next offset to read, as the projection stored it. */
export interface StoredPartitionOffset {
  partition: number;
  offset: string;
}

/**
 * Copies the offsets stored with the projection to the consumer group's committed offsets in Kafka,
 * in the background: where a member given a partition starts fetching, so that a takeover reads on
 * from the stored offset instead of the partition's start. At most one commit is in flight; offsets
 * noted meanwhile are committed next, the newest of each partition only. A commit that fails (a
 * rebalance, a broker away) is reported and its offsets kept: they go again with the next offset noted
 * or when the consumer stops (`settled`), so that a member leaving after a failed commit hands its
 * partitions on from their stored offsets. The offsets in Postgres stay the truth (a fetch older than
 * them is skipped).
 */
export class GroupOffsetCommits {
  private readonly pending = new Map<number, string>();
  private readonly committed = new Map<number, string>();
  /** Offsets whose commit failed and that no newer offset of their partition has replaced. */
  private readonly unsent = new Map<number, string>();
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly commit: (offsets: StoredPartitionOffset[]) => Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** The partition's stored offset after a batch; nothing is sent when Kafka has it already. */
  note(partition: number, offset: string): void {
    if (this.committed.get(partition) === offset) {
      this.pending.delete(partition);
      return;
    }
    this.unsent.delete(partition);
    this.pending.set(partition, offset);
    this.sendUnsent();
  }

  /** The offsets of a failed commit, and whatever is waiting, sent (again) unless a commit is in flight. */
  private sendUnsent(): void {
    for (const [partition, offset] of this.unsent)
      if (!this.pending.has(partition)) this.pending.set(partition, offset);
    this.unsent.clear();
    if (this.pending.size > 0) this.inFlight ??= this.flush();
  }

  /** Resolves once nothing is in flight or waiting (or after `timeoutMs`, whichever comes first). */
  async settled(timeoutMs: number): Promise<void> {
    if (this.inFlight === undefined) this.sendUnsent();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.inFlight ?? Promise.resolve(), late]);
    clearTimeout(timer);
  }

  private async flush(): Promise<void> {
    while (this.pending.size > 0) {
      const offsets = [...this.pending].map(([partition, offset]) => ({ partition, offset }));
      this.pending.clear();
      try {
        await this.commit(offsets);
        for (const { partition, offset } of offsets) this.committed.set(partition, offset);
      } catch (error) {
        // Another member may have committed since: sent again with the next note, or at the stop.
        for (const { partition, offset } of offsets) {
          this.committed.delete(partition);
          if (!this.pending.has(partition)) this.unsent.set(partition, offset);
        }
        this.failed(error);
      }
    }
    this.inFlight = undefined;
  }
}
