import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { shutdownDeadline } from '@pft/platform';
import { notifyTotalsChanges } from './totals-notifier';
import { WebhooksConfig } from '../webhooks.config';

/** Looks for settled totals changes every WEBHOOK_POLL_INTERVAL_MS, one look at a time. */
@Injectable()
export class TotalsNotifierService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-totals');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: WebhooksConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.WEBHOOK_POLL_INTERVAL_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await shutdownDeadline.within('the totals notifier in flight', this.running);
  }

  private tick(): void {
    if (this.busy) return;
    this.busy = true;
    this.running = notifyTotalsChanges(this.dataSource, this.config.WEBHOOK_TOTALS_COALESCE_MS)
      .then(
        () => undefined,
        (err: unknown) => this.logger.error({ err }, 'totals notifier failed'),
      )
      .finally(() => (this.busy = false));
  }
}
