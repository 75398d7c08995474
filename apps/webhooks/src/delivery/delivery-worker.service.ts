import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { disableEndpoint, signWebhook } from '@pft/webhooks';
import { afterFailedAttempt, endpointIsDead, parseRetrySchedule } from '@pft/webhooks/domain';
import { shutdownDeadline } from '@pft/platform';
import { webhookMetrics } from '../webhook-metrics';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  queueState,
  recordDelivered,
  recordDropped,
  recordFailed,
} from './delivery.store';
import { attemptWebhook } from './webhook-request';
import { WebhooksConfig } from '../webhooks.config';

const USER_AGENT = 'PilotFlightTotals-Webhooks/1';
const GAUGE_INTERVAL_MS = 5000;

/**
 * Delivers the queue: claims due deliveries (the earliest pending one per endpoint and pilot) while it
 * has free slots, WEBHOOK_CONCURRENCY in all and WEBHOOK_ENDPOINT_CONCURRENCY per endpoint (its attempts
 * still out counted), so that a slow or dead endpoint holds only its own slots and never another
 * endpoint's or pilot's deliveries.
 * Each attempt's outcome is written before its slot is freed.
 */
@Injectable()
export class DeliveryWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-delivery');
  private readonly schedule: number[];
  private readonly inFlight = new Map<string, number>();
  private readonly attempts = new Set<Promise<void>>();
  private inFlightCount = 0;
  private claiming = false;
  private again = false;
  private stopping = false;
  private pollTimer?: NodeJS.Timeout;
  private gaugeTimer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: WebhooksConfig,
  ) {
    const schedule = parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE_MS);
    if (!schedule) throw new Error('WEBHOOK_RETRY_SCHEDULE_MS is not a list of milliseconds');
    this.schedule = schedule;
  }

  onApplicationBootstrap(): void {
    this.pollTimer = setInterval(() => this.claim(), this.config.WEBHOOK_POLL_INTERVAL_MS);
    this.gaugeTimer = setInterval(() => void this.refreshGauges(), GAUGE_INTERVAL_MS);
    this.claim();
  }

  /**
   * Stops claiming and lets the attempts in flight finish and be recorded, until the shutdown deadline:
   * an attempt whose outcome is not recorded by then is made again later (deliveries are at least once).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearInterval(this.gaugeTimer);
    await shutdownDeadline.within('the webhook attempts in flight', Promise.allSettled([...this.attempts]));
  }

  /** A claim at a time; asked for while one runs, another follows it. */
  private claim(): void {
    if (this.stopping) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    const free = this.config.WEBHOOK_CONCURRENCY - this.inFlightCount;
    if (free <= 0) return;
    this.claiming = true;
    this.again = false;
    const perEndpoint = this.config.WEBHOOK_ENDPOINT_CONCURRENCY;
    const busy = [...this.inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
    claimDueDeliveries(this.dataSource, {
      limit: free,
      perEndpoint,
      busyEndpoints: busy,
      held: new Map(this.inFlight),
      leaseMs: 2 * this.config.WEBHOOK_TIMEOUT_MS + 5000,
    })
      .then((claimed) => {
        for (const delivery of claimed) this.start(delivery);
        if (claimed.length === free) this.again = true;
      })
      .catch((err: unknown) => this.logger.error({ err }, 'claiming deliveries failed'))
      .finally(() => {
        this.claiming = false;
        if (this.again) setImmediate(() => this.claim());
      });
  }

  private start(delivery: ClaimedDelivery): void {
    this.inFlightCount++;
    this.inFlight.set(delivery.endpoint_id, (this.inFlight.get(delivery.endpoint_id) ?? 0) + 1);
    const attempt = this.deliver(delivery)
      .catch((err: unknown) =>
        // The claim's lease runs out and the delivery is tried again: nothing is lost.
        this.logger.error(
          { err, event_id: delivery.event_id, endpoint_id: delivery.endpoint_id },
          'attempt not recorded',
        ),
      )
      .finally(() => {
        this.attempts.delete(attempt);
        this.inFlightCount--;
        const left = (this.inFlight.get(delivery.endpoint_id) ?? 1) - 1;
        if (left > 0) this.inFlight.set(delivery.endpoint_id, left);
        else this.inFlight.delete(delivery.endpoint_id);
        this.claim();
      });
    this.attempts.add(attempt);
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const ids = { event_id: delivery.event_id, endpoint_id: delivery.endpoint_id, type: delivery.type };
    if (delivery.stale) {
      await recordDropped(this.dataSource, delivery);
      webhookMetrics.dropped.inc();
      this.logger.log(ids, 'webhook not sent: the pilot was disconnected');
      return;
    }
    const timestampSeconds = Math.floor(Date.now() / 1000);
    const started = process.hrtime.bigint();
    const result = await attemptWebhook({
      url: delivery.url,
      body: delivery.body,
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: this.config.WEBHOOK_ALLOW_PRIVATE_URLS,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestampSeconds),
        'webhook-signature': signWebhook(
          { id: delivery.event_id, timestampSeconds, body: delivery.body },
          delivery.secrets,
        ),
      },
    });
    webhookMetrics.attemptDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    const attempt = delivery.attempts + 1;
    if (result.delivered) {
      await recordDelivered(this.dataSource, delivery, result.status);
      webhookMetrics.attempts.inc({ outcome: 'delivered' });
      webhookMetrics.latency.observe((Date.now() - delivery.created_at.getTime()) / 1000);
      this.logger.log({ ...ids, attempt, status: result.status }, 'webhook delivered');
      return;
    }
    const next = afterFailedAttempt(attempt, this.schedule);
    const retryInMs = 'giveUp' in next ? null : next.retryInMs;
    const failing = await recordFailed(this.dataSource, delivery, { ...result, retryInMs });
    webhookMetrics.attempts.inc({ outcome: 'failed' });
    if (retryInMs === null) webhookMetrics.failed.inc();
    this.logger.warn(
      { ...ids, attempt, status: result.status, error: result.error, retry_in_ms: retryInMs },
      retryInMs === null ? 'webhook failed, retries used up' : 'webhook attempt failed',
    );
    // By the database's clock, which wrote failing_since: this dispatcher's may be off.
    const { since, now } = failing;
    if (endpointIsDead(since.getTime(), now.getTime(), this.config.WEBHOOK_DISABLE_AFTER_MS)) {
      const reason = `every attempt failed since ${since.toISOString()}`;
      if (await disableEndpoint(this.dataSource, delivery.endpoint_id, reason)) {
        webhookMetrics.disabled.inc();
        this.logger.warn({ endpoint_id: delivery.endpoint_id, reason }, 'webhook endpoint disabled');
      }
    }
  }

  private async refreshGauges(): Promise<void> {
    try {
      const state = await queueState(this.dataSource);
      webhookMetrics.queueDepth.set(state.pending);
      webhookMetrics.disabledEndpoints.set(state.disabled);
    } catch (err) {
      this.logger.warn({ err }, 'queue state not read');
    }
  }
}
