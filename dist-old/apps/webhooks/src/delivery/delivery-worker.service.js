"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DeliveryWorkerService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const access_1 = require("../../../../libs/access/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const webhook_metrics_1 = require("../webhook-metrics");
const delivery_store_1 = require("./delivery.store");
const webhook_request_1 = require("./webhook-request");
const USER_AGENT = 'PilotFlightTotals-Webhooks/1';
const GAUGE_INTERVAL_MS = 5000;
/**
 * Delivers the queue: claims due deliveries (the earliest pending one per endpoint and pilot) while it
 * has free slots, WEBHOOK_CONCURRENCY in all and WEBHOOK_ENDPOINT_CONCURRENCY per endpoint, so that a
 * slow or dead endpoint holds only its own slots and never another endpoint's or pilot's deliveries.
 * Each attempt's outcome is written before its slot is freed.
 */
let DeliveryWorkerService = class DeliveryWorkerService {
    dataSource;
    config;
    logger = new common_1.Logger('webhook-delivery');
    schedule;
    inFlight = new Map();
    attempts = new Set();
    inFlightCount = 0;
    claiming = false;
    again = false;
    stopping = false;
    pollTimer;
    gaugeTimer;
    constructor(dataSource, config) {
        this.dataSource = dataSource;
        this.config = config;
        const schedule = (0, domain_1.parseRetrySchedule)(config.WEBHOOK_RETRY_SCHEDULE_MS);
        if (!schedule)
            throw new Error('WEBHOOK_RETRY_SCHEDULE_MS is not a list of milliseconds');
        this.schedule = schedule;
    }
    onApplicationBootstrap() {
        this.pollTimer = setInterval(() => this.claim(), this.config.WEBHOOK_POLL_INTERVAL_MS);
        this.gaugeTimer = setInterval(() => void this.refreshGauges(), GAUGE_INTERVAL_MS);
        this.claim();
    }
    /** Stops claiming and lets the attempts in flight finish and be recorded. */
    async beforeApplicationShutdown() {
        this.stopping = true;
        clearInterval(this.pollTimer);
        clearInterval(this.gaugeTimer);
        await Promise.allSettled([...this.attempts]);
    }
    /** A claim at a time; asked for while one runs, another follows it. */
    claim() {
        if (this.stopping)
            return;
        if (this.claiming) {
            this.again = true;
            return;
        }
        const free = this.config.WEBHOOK_CONCURRENCY - this.inFlightCount;
        if (free <= 0)
            return;
        this.claiming = true;
        this.again = false;
        const perEndpoint = this.config.WEBHOOK_ENDPOINT_CONCURRENCY;
        const busy = [...this.inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
        (0, delivery_store_1.claimDueDeliveries)(this.dataSource, {
            limit: free,
            perEndpoint,
            busyEndpoints: busy,
            leaseMs: 2 * this.config.WEBHOOK_TIMEOUT_MS + 5000,
        })
            .then((claimed) => {
            for (const delivery of claimed)
                this.start(delivery);
            if (claimed.length === free)
                this.again = true;
        })
            .catch((err) => this.logger.error({ err }, 'claiming deliveries failed'))
            .finally(() => {
            this.claiming = false;
            if (this.again)
                setImmediate(() => this.claim());
        });
    }
    start(delivery) {
        this.inFlightCount++;
        this.inFlight.set(delivery.endpoint_id, (this.inFlight.get(delivery.endpoint_id) ?? 0) + 1);
        const attempt = this.deliver(delivery)
            .catch((err) => 
        // The claim's lease runs out and the delivery is tried again: nothing is lost.
        this.logger.error({ err, event_id: delivery.event_id, endpoint_id: delivery.endpoint_id }, 'attempt not recorded'))
            .finally(() => {
            this.attempts.delete(attempt);
            this.inFlightCount--;
            const left = (this.inFlight.get(delivery.endpoint_id) ?? 1) - 1;
            if (left > 0)
                this.inFlight.set(delivery.endpoint_id, left);
            else
                this.inFlight.delete(delivery.endpoint_id);
            this.claim();
        });
        this.attempts.add(attempt);
    }
    async deliver(delivery) {
        const ids = { event_id: delivery.event_id, endpoint_id: delivery.endpoint_id, type: delivery.type };
        if (delivery.stale) {
            await (0, delivery_store_1.recordDropped)(this.dataSource, delivery);
            webhook_metrics_1.webhookMetrics.dropped.inc();
            this.logger.log(ids, 'webhook not sent: the pilot was disconnected');
            return;
        }
        const timestampSeconds = Math.floor(Date.now() / 1000);
        const started = process.hrtime.bigint();
        const result = await (0, webhook_request_1.attemptWebhook)({
            url: delivery.url,
            body: delivery.body,
            timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
            allowPrivate: this.config.WEBHOOK_ALLOW_PRIVATE_URLS,
            headers: {
                'content-type': 'application/json',
                'user-agent': USER_AGENT,
                'webhook-id': delivery.event_id,
                'webhook-timestamp': String(timestampSeconds),
                'webhook-signature': (0, access_1.signWebhook)({ id: delivery.event_id, timestampSeconds, body: delivery.body }, delivery.secrets),
            },
        });
        webhook_metrics_1.webhookMetrics.attemptDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
        const attempt = delivery.attempts + 1;
        if (result.delivered) {
            await (0, delivery_store_1.recordDelivered)(this.dataSource, delivery, result.status);
            webhook_metrics_1.webhookMetrics.attempts.inc({ outcome: 'delivered' });
            webhook_metrics_1.webhookMetrics.latency.observe((Date.now() - delivery.created_at.getTime()) / 1000);
            this.logger.log({ ...ids, attempt, status: result.status }, 'webhook delivered');
            return;
        }
        const next = (0, domain_1.afterFailedAttempt)(attempt, this.schedule);
        const retryInMs = 'giveUp' in next ? null : next.retryInMs;
        const failingSince = await (0, delivery_store_1.recordFailed)(this.dataSource, delivery, { ...result, retryInMs });
        webhook_metrics_1.webhookMetrics.attempts.inc({ outcome: 'failed' });
        if (retryInMs === null)
            webhook_metrics_1.webhookMetrics.failed.inc();
        this.logger.warn({ ...ids, attempt, status: result.status, error: result.error, retry_in_ms: retryInMs }, retryInMs === null ? 'webhook failed, retries used up' : 'webhook attempt failed');
        if ((0, domain_1.endpointIsDead)(failingSince.getTime(), Date.now(), this.config.WEBHOOK_DISABLE_AFTER_MS)) {
            const reason = `every attempt failed since ${failingSince.toISOString()}`;
            if (await (0, access_1.disableEndpoint)(this.dataSource, delivery.endpoint_id, reason)) {
                webhook_metrics_1.webhookMetrics.disabled.inc();
                this.logger.warn({ endpoint_id: delivery.endpoint_id, reason }, 'webhook endpoint disabled');
            }
        }
    }
    async refreshGauges() {
        try {
            const state = await (0, delivery_store_1.queueState)(this.dataSource);
            webhook_metrics_1.webhookMetrics.queueDepth.set(state.pending);
            webhook_metrics_1.webhookMetrics.disabledEndpoints.set(state.disabled);
        }
        catch (err) {
            this.logger.warn({ err }, 'queue state not read');
        }
    }
};
exports.DeliveryWorkerService = DeliveryWorkerService;
exports.DeliveryWorkerService = DeliveryWorkerService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        platform_1.AppConfig])
], DeliveryWorkerService);
//# sourceMappingURL=delivery-worker.service.js.map