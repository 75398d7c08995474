/**
 * The relay's wait between looks at the outbox: a sleep that a wake-up (a writer committed events, a
 * notification arrived) cuts short, and that stopping ends at once. A wake-up that comes while the
 * relay is busy is kept, so the next sleep returns at once, until the relay takes it (`taken`) as it
 * reads the outbox.
 */
export class RelaySleep {
  private stopped = false;
  private wakeRequested = false;
  private waiter?: () => void;

  get stopping(): boolean {
    return this.stopped;
  }

  /** Sleeps may last again (the relay starting). */
  resume(): void {
    this.stopped = false;
  }

  /** Ends the sleep under way and every later one at once (the relay stopping). */
  stop(): void {
    this.stopped = true;
    this.waiter?.();
  }

  wake(): void {
    this.wakeRequested = true;
    this.waiter?.();
  }

  /** The relay is reading the outbox now: a wake-up before this is answered by that read. */
  taken(): void {
    this.wakeRequested = false;
  }

  /** Resolves after `ms`, on a wake-up (unless `ignoreWake`), or on stop. */
  sleep(ms: number, ignoreWake = false): Promise<void> {
    if (this.stopped || (!ignoreWake && this.wakeRequested)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const wake = (): void => {
        if (!ignoreWake || this.stopped) done();
      };
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.waiter = wake;
    }).finally(() => (this.waiter = undefined));
  }
}
