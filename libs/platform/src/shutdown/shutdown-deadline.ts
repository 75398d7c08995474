import { Logger } from '@nestjs/common';

/**
 * What a process has left of its shutdown before it must be gone: the apps promise to have ended within
 * SHUTDOWN_TIMEOUT_MS of SIGTERM (10 s by default), whatever Kafka, Redis or Postgres are doing.
 * The work of closing (a batch in flight, a consumer leaving its group, a write of counts, the pools)
 * has until the deadline, SHUTDOWN_TIMEOUT_MS less the reserve (shutdownWorkMs); whatever is unfinished
 * then is abandoned: the process says what it gives up (the `atDeadline` speakers) and exits. Abandoning
 * loses nothing acknowledged: a batch is one transaction (the database rolls it back once the connection
 * is gone) and offsets are stored with it or after it, so the batch is consumed again; an outbox event is
 * deleted only once published; read counts not written are logged with their number.
 *
 * A step that may wait on a dependency that is gone waits through `within`, with a cap of its own, so
 * one that gives up lets the steps after it run (a consumer that cannot leave its group does not keep
 * the pool from closing).
 */
export class ShutdownDeadline {
  private endsAt: number | undefined;
  private readonly speakers = new Set<() => void>();
  private readonly log = new Logger('shutdown');

  /** Starts the clock: the work of closing has `workMs` from now. Later calls change nothing. */
  begin(workMs: number): void {
    this.endsAt ??= Date.now() + workMs;
  }

  /** Whether the process is shutting down. */
  get begun(): boolean {
    return this.endsAt !== undefined;
  }

  /** Milliseconds left until the deadline; Infinity before the shutdown begins. */
  remainingMs(): number {
    return this.endsAt === undefined ? Infinity : Math.max(0, this.endsAt - Date.now());
  }

  /**
   * Waits for `work`, at most `capMs` and never past the deadline. True when it settled (a rejection is
   * logged, and closing goes on); false when it was given up, which is logged with `what`.
   */
  async within(what: string, work: Promise<unknown>, capMs = Infinity): Promise<boolean> {
    const waitMs = Math.min(capMs, this.remainingMs());
    let timer: NodeJS.Timeout | undefined;
    const settled = work.then(
      () => true,
      (err: unknown) => {
        this.log.warn({ err }, `${what} failed while shutting down`);
        return true;
      },
    );
    const given = new Promise<false>((resolve) => {
      if (Number.isFinite(waitMs)) timer = setTimeout(() => resolve(false), waitMs);
    });
    const done = await Promise.race([settled, given]);
    clearTimeout(timer);
    if (!done) this.log.warn(`shutdown: gave up waiting for ${what} after ${Math.round(waitMs)} ms`);
    return done;
  }

  /**
   * `speak` is run once if the deadline passes before closing has finished, just before the process
   * exits: it says (logs) what is given up. Returns the function that takes it back (once what it
   * would speak of is done).
   */
  atDeadline(speak: () => void): () => void {
    this.speakers.add(speak);
    return () => this.speakers.delete(speak);
  }

  /** The deadline has passed with closing unfinished: every speaker says what is given up. */
  abandon(): void {
    for (const speak of this.speakers) {
      try {
        speak();
      } catch (err) {
        this.log.error({ err }, 'shutdown: a last report failed');
      }
    }
    this.speakers.clear();
  }
}

/**
 * How long a Kafka consumer's leaving its group may take on shutdown. Leaving lets the group hand the
 * partitions on at once instead of after the session timeout; a broker that is gone would have the
 * client retry for far longer (about 48 s seen), so it is given up past this.
 */
export const KAFKA_LEAVE_MS = 3000;

/** The process's one shutdown deadline: runMain begins it, and every app's closing steps wait through it. */
export const shutdownDeadline = new ShutdownDeadline();

/**
 * The work of closing has SHUTDOWN_TIMEOUT_MS less a reserve (2 s, a fifth of a shorter timeout), kept
 * for the last reports and the exit itself, and for a timer that fires late on a busy host: the process
 * has ended within SHUTDOWN_TIMEOUT_MS of the signal (8 s of work at the default of 10 s).
 */
export function shutdownWorkMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(2000, Math.round(shutdownTimeoutMs / 5));
}
