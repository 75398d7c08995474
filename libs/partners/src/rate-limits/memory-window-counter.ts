/**
 * Per-process fixed-window counts: the stand-in while Redis is unreachable, so the API neither fails
 * open without limit nor fails every request. Each replica counts alone, so the effective limit is
 * at most the key's limit times the replica count for as long as Redis is away.
 */
export class MemoryWindowCounter {
  private windowId = -1;
  private counts = new Map<string, number>();

  /**
   * The count of `key` in window `windowId`, this hit included. A hit of an earlier window than the
   * latest counted (its window taken before a wait, or the clock set back) counts in the latest: the
   * latest's counts are never dropped for an earlier window, which would let the latest start again.
   */
  hit(key: string, windowId: number): number {
    if (windowId > this.windowId) {
      // Counts of earlier windows are worthless: drop them rather than let the map grow.
      this.windowId = windowId;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }
}
