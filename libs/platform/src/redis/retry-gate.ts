/**
 * Whether to ask a dependency that has just failed: after a failure, callers within the next
 * `intervalMs` are told not to (they take their fallback at once); then one caller is let through
 * to try again, and the others keep their fallback while it does. A dependency that does not answer
 * then costs one caller its time limit per interval, not every caller.
 */
export class RetryGate {
  private failing = false;
  private retryAt = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True when the caller should ask the dependency now. */
  tryNow(): boolean {
    if (!this.failing) return true;
    if (this.now() < this.retryAt) return false;
    this.retryAt = this.now() + this.intervalMs;
    return true;
  }

  /** True when the dependency was failing until this success. */
  succeeded(): boolean {
    const was = this.failing;
    this.failing = false;
    return was;
  }

  /** True when this is the first failure after a success. */
  failed(): boolean {
    const first = !this.failing;
    this.failing = true;
    this.retryAt = this.now() + this.intervalMs;
    return first;
  }
}
