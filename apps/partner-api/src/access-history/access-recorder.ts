import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ConnectionReads } from '@pft/partners';
import {
  partnerReadsWritten,
  UnsettledReadsWrite,
  writePartnerReads,
} from '@pft/partners/access-history/partner-reads-write';
import { shutdownDeadline } from '@pft/platform';
import { type CountedAnswer, ReadTally } from './read-tally';
import { PartnerApiConfig } from '../partner-api.config';

/** After a failed write on shutdown, how long to wait before the one more try. */
const SHUTDOWN_RETRY_MS = 500;

/** How often counts are written while the HTTP server finishes its last requests. */
const CLOSING_FLUSH_MS = 100;

/** How long one try at finding out what became of a write whose answer was lost may take. */
const SETTLE_WITHIN_MS = 5_000;

/**
 * Counts taken and written by one statement, the statements of a write one after another: taking
 * counts and the driver's turning a statement's arrays into text are work on the event loop, and for
 * the 30,000 counts of a burst of reads of as many pilots, done at once, they held it 44 to 172 ms and
 * 27 to 75 ms here, every request waiting meanwhile.
 */
export const COUNTS_PER_STATEMENT = 2_000;

/**
 * Records partners' reads of pilots' totals for the pilots' access history (pilot web app, section 3).
 * A read is counted in this replica's memory (ReadTally), so answering a partner waits for nothing; the
 * counts are added to `partner_reads` every ACCESS_HISTORY_FLUSH_MS, COUNTS_PER_STATEMENT a statement.
 * When the app closes (SIGTERM) they are written as the HTTP server stops taking connections, every
 * 100 ms while it finishes the requests it has, and once more after its last answer, before the database
 * pool closes (Nest runs this module's shutdown hook before the global DatabaseModule's). A failed
 * statement keeps its counts and those after it for the next write; one whose answer was lost (the connection
 * cut after it was sent) keeps them aside until Postgres says whether its transaction committed, so they are
 * written once, never twice nor not at all. Counts that are not written when the
 * app has closed, or when the shutdown deadline passes first (Postgres gone), are logged at level error
 * with their number (`unwritten_reads`, and each pilot_id's reads per day), never dropped in silence.
 * ACCESS_HISTORY=off records nothing (for the benchmark of what recording costs).
 */
@Injectable()
export class AccessRecorder
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly log = new Logger(AccessRecorder.name);
  readonly tally = new ReadTally();
  /** Reads of pilots' experience, counted apart (their answers are never kept in memory). */
  readonly experienceTally = new ReadTally('experience');
  readonly enabled: boolean;
  private readonly flushMs: number;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** The counts of the statement under way, until it has answered. */
  private sending: readonly ConnectionReads[] = [];
  /** The counts of a write whose answer was lost, until Postgres says whether it committed. */
  private unsettled:
    { write: UnsettledReadsWrite; counts: readonly ConnectionReads[]; tally: ReadTally } | undefined;
  private forgetDeadlineReport: (() => void) | undefined;

  constructor(
    config: PartnerApiConfig,
    private readonly dataSource: DataSource,
  ) {
    this.enabled = config.ACCESS_HISTORY !== 'off';
    this.flushMs = config.ACCESS_HISTORY_FLUSH_MS;
  }

  /**
   * Counts one read of `answer`'s pilot (a connection id that resolved for a live key) now. Sandbox keys'
   * reads are not recorded: their pilots are fixtures, not people with an access history to see.
   */
  recordRead(answer: CountedAnswer): void {
    if (this.enabled) this.tally.count(answer, Date.now());
  }

  /** Counts one read of each of `answers`' pilots now: a batch's answers, with the clock read once. */
  recordReads(answers: readonly CountedAnswer[]): void {
    if (!this.enabled) return;
    const now = Date.now();
    for (const answer of answers) this.tally.count(answer, now);
  }

  /** Counts one read of the experience of each of `answers`' pilots now. */
  recordExperienceReads(answers: readonly CountedAnswer[]): void {
    if (!this.enabled) return;
    const now = Date.now();
    for (const answer of answers) this.experienceTally.count(answer, now);
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Before the HTTP server closes. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (!this.enabled) return;
    // At the deadline the process ends: what is not written is said, and the closing writes stop.
    this.forgetDeadlineReport = shutdownDeadline.atDeadline(() => {
      clearInterval(this.timer);
      this.reportUnwritten();
    });
    this.timer = setInterval(() => void this.flush(), CLOSING_FLUSH_MS);
    this.timer.unref();
    await shutdownDeadline.within('the access history write', this.flush(), SHUTDOWN_RETRY_MS);
  }

  /** After the HTTP server's last answer. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (!this.enabled) return;
    await shutdownDeadline.within('the access history write', this.flush());
    if (!this.allWritten) {
      await shutdownDeadline.within(
        'the access history write',
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_RETRY_MS)).then(() => this.flush()),
      );
    }
    this.forgetDeadlineReport?.();
    this.reportUnwritten();
  }

  /** Whether every count is written: none waiting, none under way. */
  private get allWritten(): boolean {
    return (
      this.tally.empty &&
      this.experienceTally.empty &&
      this.sending.length === 0 &&
      this.unsettled === undefined
    );
  }

  /**
   * Logs the counts not written (those waiting, and those of a statement that has not answered, which
   * may yet have been), with their number: the pilots' access history lacks them. As the process ends.
   */
  private reportUnwritten(): void {
    const counts = [
      ...(this.unsettled?.counts ?? []),
      ...this.sending,
      ...this.tally.take(),
      ...this.experienceTally.take(),
    ];
    this.sending = [];
    this.unsettled = undefined;
    if (counts.length === 0) return;
    const reads = counts.reduce((sum, count) => sum + count.reads, 0);
    this.log.error(
      {
        unwritten_reads: reads,
        unwritten: counts.map((c) => ({
          pilot_id: c.connectionId,
          day: c.day,
          reads: c.reads,
          // Experience reads are named so; totals reads as they always were.
          ...(c.kind === undefined ? {} : { kind: c.kind }),
        })),
      },
      `access history: ${reads} reads of ${counts.length} pilot-days not written (or not confirmed) before shutdown`,
    );
  }

  /** Writes what is counted; one write at a time, each after the one before. Never throws. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /**
   * The counts waiting when it starts, COUNTS_PER_STATEMENT taken for each statement, so that a burst
   * of them never holds the event loop for long; from a failed statement on, kept for the next write.
   */
  private async write(): Promise<void> {
    if (!(await this.settle())) return;
    for (const tally of [this.tally, this.experienceTally]) {
      if (!(await this.writeFrom(tally))) return;
    }
  }

  /** The counts `tally` holds when it starts; false when a statement failed (kept for the next write). */
  private async writeFrom(tally: ReadTally): Promise<boolean> {
    for (let left = tally.size; left > 0;) {
      const counts = tally.take(Math.min(left, COUNTS_PER_STATEMENT));
      if (counts.length === 0) return true;
      left -= counts.length;
      this.sending = counts;
      try {
        await writePartnerReads(this.dataSource, counts);
        this.sending = [];
      } catch (err) {
        this.sending = [];
        if (err instanceof UnsettledReadsWrite) {
          this.unsettled = { write: err, counts, tally };
          this.log.warn(
            `access history: the answer to writing ${counts.length} counts was lost; they are kept until Postgres says whether they were written: ${String(err.cause)}`,
          );
          await this.settle();
          return false;
        }
        tally.restore(counts);
        this.log.warn(
          `access history: writing ${counts.length} counts failed, kept for the next try (${tally.size} waiting): ${String(err)}`,
        );
        return false;
      }
    }
    return true;
  }

  /**
   * Finds out what became of the write whose answer was lost, if any: its counts are forgotten when it
   * committed, given back to their tally when it did not. False while Postgres cannot say (they stay aside).
   */
  private async settle(): Promise<boolean> {
    const unsettled = this.unsettled;
    if (!unsettled) return true;
    try {
      const written = await partnerReadsWritten(
        this.dataSource,
        unsettled.write,
        Date.now() + SETTLE_WITHIN_MS,
      );
      this.unsettled = undefined;
      if (!written) unsettled.tally.restore(unsettled.counts);
      return true;
    } catch (err) {
      this.log.warn(
        `access history: whether ${unsettled.counts.length} counts were written cannot be found out yet, asked again at the next write: ${String(err)}`,
      );
      return false;
    }
  }
}
