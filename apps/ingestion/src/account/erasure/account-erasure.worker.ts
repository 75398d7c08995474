import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccessHistory } from '@pft/partners';
import { AccountErasuresRepository, type PendingErasure } from '../account-erasures.repository';
import { ErasingAccounts } from '../erasing-accounts';
import { ERASURE_HOLD_MS, workHeldErasure } from './erasure-hold';

/**
 * How often pending erasures are looked for (a request here wakes the worker at once), and how often
 * the ones the guard answers 410 for are read again.
 */
const POLL_MS = 1000;

/**
 * Works the pending account erasures of `account_erasures`, in every ingestion process: claims one,
 * runs the steps not done yet (ERASURE_STEPS), each recorded when done, and completes it, its hold
 * renewed meanwhile (workHeldErasure). An erasure interrupted by a crash is resumed by whichever process
 * claims it next, once the hold has lapsed.
 */
@Injectable()
export class AccountErasureWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('account-erasure');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private refresher?: NodeJS.Timeout;
  private refreshing?: Promise<void>;
  private stopping = false;
  private again = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly commandBus: CommandBus,
    private readonly erasures: AccountErasuresRepository,
    private readonly accessHistory: AccessHistory,
    private readonly erasing: ErasingAccounts,
  ) {}

  onApplicationBootstrap(): void {
    // What the guard answers 410 for, read on a clock of its own: another replica's erasure (asked for,
    // or completed) shows here within a second even while this worker is held up by a long one.
    void this.refreshErasing();
    this.refresher = setInterval(() => void this.refreshErasing(), POLL_MS);
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.refresher);
    clearTimeout(this.timer);
    await Promise.all([this.running, this.refreshing]);
  }

  private refreshErasing(): Promise<void> {
    // One read at a time: a slow one is not overtaken by a later one and then written over with older rows.
    this.refreshing ??= this.erasing
      .refresh(this.dataSource)
      .catch((err: unknown) =>
        this.logger.warn(`reading the pending erasures failed: ${(err as Error).message}`),
      )
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Works pending erasures now (after a request), or right after the round under way. */
  wake(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.workPending().finally(() => {
        this.running = undefined;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : POLL_MS);
      });
    }, ms);
  }

  private async workPending(): Promise<void> {
    try {
      for (;;) {
        if (this.stopping) return;
        const erasure = await this.erasures.claim(this.dataSource, ERASURE_HOLD_MS);
        if (!erasure) return;
        // A failed one waits for its next turn (claimed_until); the others go on.
        await this.work(erasure);
      }
    } catch (err) {
      this.logger.warn(`looking for account erasures failed: ${(err as Error).message}`);
    }
  }

  private async work(erasure: PendingErasure): Promise<void> {
    const pilot = erasure.pilot_account_id;
    const ctx = {
      requestId: erasure.request_id ?? `erasure-${pilot}`,
      dataSource: this.dataSource,
      commandBus: this.commandBus,
      accessHistory: this.accessHistory,
    };
    try {
      const outcome = await workHeldErasure(ctx, erasure, this.erasures);
      // Completed by another worker meanwhile: nothing more of it is this one's.
      if (outcome === 'superseded') {
        this.logger.warn(`account ${pilot} erasure was completed by another worker; left to it`);
        return;
      }
      this.erasing.completed(pilot);
      // The account id only: never anything of the pilot's data.
      this.logger.log(`account ${pilot} erased`);
    } catch (err) {
      this.logger.warn(`account ${pilot} erasure failed, tried again later: ${(err as Error).message}`);
      await this.erasures
        .failed(this.dataSource, pilot, erasure.requested_at, (err as Error).message)
        .catch(() => undefined);
    }
  }
}
