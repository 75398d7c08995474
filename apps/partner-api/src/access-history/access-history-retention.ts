import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import {
  firstDayOf,
  forgetReadsBefore,
  forgetRequirementChecksBefore,
  forgetRequirementListsBefore,
} from '@pft/partners';

import { metricOnce } from '@pft/platform/metrics/metric-once';
import { PartnerApiConfig } from '../partner-api.config';

/** How often each replica runs the retention. A day's counts become due once a day; an hour is plenty. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** The first run after start: soon, but not while the replica is still taking its first requests. */
const FIRST_RUN_AFTER_MS = 10 * 1000;

/** How long shutdown waits for the statement under way. */
const SHUTDOWN_WAIT_MS = 1_000;

/** Rows deleted per statement: each one is short, and holds its rows' locks only while it runs. */
const RETENTION_BATCH = 1_000;

const retentionMetrics = {
  deleted: metricOnce(
    'pft_access_history_retention_deleted_total',
    () =>
      new Counter({
        name: 'pft_access_history_retention_deleted_total',
        help:
          "Rows of the access history deleted for being older than ACCESS_HISTORY_RETENTION_DAYS by this replica's retention runs, " +
          'every kind in one count (no label): daily read counts (partner_reads), days of requirement checks of a pilot by a ' +
          'partner (requirement_check_days; the checks of each day go with it, not counted) and lists of requirements no kept ' +
          'check names (requirement_lists)',
      }),
  ),
  failures: metricOnce(
    'pft_access_history_retention_failures_total',
    () =>
      new Counter({
        name: 'pft_access_history_retention_failures_total',
        help: 'Retention runs of the access history that stopped on an error (the next run goes on)',
      }),
  ),
  lastRun: metricOnce(
    'pft_access_history_retention_last_run_timestamp_seconds',
    () =>
      new Gauge({
        name: 'pft_access_history_retention_last_run_timestamp_seconds',
        help: "When this replica's last complete retention run of the access history ended (Unix time); 0 before the first",
      }),
  ),
  duration: metricOnce(
    'pft_access_history_retention_run_duration_seconds',
    () =>
      new Gauge({
        name: 'pft_access_history_retention_run_duration_seconds',
        help: "How long this replica's last complete retention run of the access history took",
      }),
  ),
};

export interface RetentionRun {
  /** The first day kept (`YYYY-MM-DD`): every count of an earlier day is gone once the run completes. */
  keptFrom: string;
  deleted: number;
  /** Statements run, each deleting at most the batch size. */
  statements: number;
}

/**
 * Keeps the access history to its last ACCESS_HISTORY_RETENTION_DAYS UTC days: every replica, every
 * RETENTION_EVERY_MS, deletes older days' counts RETENTION_BATCH rows a statement until none is left.
 * Replicas running at once share the work (a statement skips rows another one holds), and a run with
 * nothing to delete is one index look-up, so nothing needs to choose a replica. Its work is in the
 * `pft_access_history_retention_*` metrics.
 */
@Injectable()
export class AccessHistoryRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('access-history-retention');
  private readonly days: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopping = false;

  constructor(
    config: PartnerApiConfig,
    private readonly dataSource: DataSource,
  ) {
    this.days = config.ACCESS_HISTORY_RETENTION_DAYS;
  }

  onApplicationBootstrap(): void {
    this.schedule(FIRST_RUN_AFTER_MS);
  }

  /**
   * Stops between two statements: the one under way finishes (a few milliseconds), the rest waits for
   * a next run. Waited for at most SHUTDOWN_WAIT_MS, so that a database gone away never holds the
   * shutdown up; a statement cut short deletes nothing, and the next run deletes it all.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
    await Promise.race([this.running, waited]);
    clearTimeout(timer);
  }

  /**
   * One run: deletes what is older than the retention as of `now`, `batch` rows a statement, and
   * records it in the metrics once complete. Throws what a statement threw (counted as a failure).
   */
  run(now = new Date(), batch = RETENTION_BATCH): Promise<RetentionRun> {
    const run = this.deleteOld(now, batch);
    this.running = run.catch(() => undefined);
    return run;
  }

  private async deleteOld(now: Date, batch: number): Promise<RetentionRun> {
    const started = performance.now();
    const keptFrom = firstDayOf(this.days, now);
    let deleted = 0;
    let statements = 0;
    let last = batch;
    try {
      // The daily read counts, then the requirement checks' days, then the lists of requirements no
      // check kept names, each until none is left.
      for (const forget of [forgetReadsBefore, forgetRequirementChecksBefore, forgetRequirementListsBefore]) {
        last = batch;
        while (last === batch && !this.stopping) {
          last = await forget(this.dataSource, keptFrom, batch);
          statements++;
          deleted += last;
          retentionMetrics.deleted.inc(last);
        }
      }
    } catch (err) {
      retentionMetrics.failures.inc();
      throw err;
    }
    // A run cut short by shutdown is not complete: the next replica's or start's run finishes it.
    if (last < batch) {
      retentionMetrics.duration.set((performance.now() - started) / 1000);
      retentionMetrics.lastRun.set(Date.now() / 1000);
    }
    if (deleted > 0) {
      this.log.log(
        { deleted, statements, kept_from: keptFrom },
        `access history: ${deleted} rows (daily read counts, requirement check days, requirement lists) of days before ${keptFrom} deleted`,
      );
    }
    return { keptFrom, deleted, statements };
  }

  private schedule(afterMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.run()
        .catch((err: unknown) =>
          this.log.warn({ err }, 'access history retention run failed; the next run goes on'),
        )
        .finally(() => this.schedule(RETENTION_EVERY_MS));
    }, afterMs);
    this.timer.unref();
  }
}
