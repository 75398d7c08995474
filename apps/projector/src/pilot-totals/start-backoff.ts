/**
 * The first wait after a failed start, and the longest by default (PROJECTOR_START_RETRY_MAX_MS): a broker
 * that comes back is found within 10 s.
 */
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 10_000;

/** When to try starting the consumer again: doubling waits after each failure, from nothing after a success. */
export class StartBackoff {
  attempts = 0;
  private nextAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** The longest wait: the doubling stops there. */
    private readonly maxDelayMs: number = MAX_DELAY_MS,
  ) {}

  /** True while the wait after the last failure has not passed. */
  waiting(): boolean {
    return this.now() < this.nextAt;
  }

  /** Records a failure; returns how long to wait before the next try. */
  failed(): number {
    this.attempts += 1;
    const delayMs = Math.min(this.maxDelayMs, FIRST_DELAY_MS * 2 ** (this.attempts - 1));
    this.nextAt = this.now() + delayMs;
    return delayMs;
  }

  succeeded(): void {
    this.attempts = 0;
    this.nextAt = 0;
  }
}
