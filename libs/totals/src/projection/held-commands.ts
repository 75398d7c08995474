/** How long to wait before reading a held-back command again, and how long to hold it back at most. */
export const HOLD_RETRY_MS = 200;
export const HOLD_LIMIT_MS = 60_000;

/**
 * Per partition, the command a batch held back (the first event of a command the batch holds only part
 * of) and since when: read again from there until its rest comes, and applied in parts once it has been
 * held back for longer than HOLD_LIMIT_MS (its rest may never come as a whole: a fetch too small for
 * it, an unreadable last event).
 */
export class HeldCommands {
  private readonly held = new Map<number, { offset: string; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when the batch starts at a command held back for longer than HOLD_LIMIT_MS. */
  heldTooLong(partition: number, firstOffset: string | undefined): boolean {
    const held = this.held.get(partition);
    return held !== undefined && held.offset === firstOffset && this.now() - held.since > HOLD_LIMIT_MS;
  }

  /**
   * Notes what a batch held back from (null: nothing); returns the offset to read again from, if any.
   * The time it was first held back from that offset is kept while the same command stays held.
   */
  note(partition: number, heldFrom: string | null): string | undefined {
    if (heldFrom === null) {
      this.held.delete(partition);
      return undefined;
    }
    if (this.held.get(partition)?.offset !== heldFrom)
      this.held.set(partition, { offset: heldFrom, since: this.now() });
    return heldFrom;
  }
}
