/**
 * The partitions a consumer holds and where it stored each last, across the group's joins. On a join
 * the client goes back to the group's committed offsets, which follow the stored ones a little
 * behind: a partition the member kept reads on from where it stored last instead, and one it was
 * newly given starts from the group's commit, which its last owner brought up to its stored offset.
 */
export class KeptPartitions {
  private readonly stored = new Map<number, string>();
  private joins = 0;

  /** How many joins so far: taken when a batch starts, to tell one that ran across a join. */
  get generation(): number {
    return this.joins;
  }

  /** A join gave these partitions: the ones kept, with where each reads on (the seeks to make). */
  joined(partitions: number[]): [partition: number, offset: string][] {
    this.joins += 1;
    const given = new Set(partitions);
    for (const partition of this.stored.keys()) if (!given.has(partition)) this.stored.delete(partition);
    return [...this.stored];
  }

  /**
   * A batch begun in `generation` stored `offset`. Returns whether the partition is still held, and
   * whether the member must seek it there: a join while the batch ran sought it to where it stood
   * before the batch.
   */
  batchStored(partition: number, offset: string, generation: number): { held: boolean; seek: boolean } {
    if (generation === this.joins) {
      this.stored.set(partition, offset);
      return { held: true, seek: false };
    }
    if (!this.stored.has(partition)) return { held: false, seek: false };
    this.stored.set(partition, offset);
    return { held: true, seek: true };
  }
}
