"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.webhookMetrics = void 0;
const prom_client_1 = require("prom-client");
const metric_once_1 = require("../../../libs/platform/src/metrics/metric-once.js");
/** The dispatcher's metrics on the default registry (served on its metrics port). */
exports.webhookMetrics = {
    queued: (0, metric_once_1.metricOnce)('pft_webhook_deliveries_queued_total', () => new prom_client_1.Counter({
        name: 'pft_webhook_deliveries_queued_total',
        help: 'Deliveries queued from pilot events',
    })),
    attempts: (0, metric_once_1.metricOnce)('pft_webhook_attempts_total', () => new prom_client_1.Counter({
        name: 'pft_webhook_attempts_total',
        help: 'Delivery attempts, by outcome (delivered, failed)',
        labelNames: ['outcome'],
    })),
    failed: (0, metric_once_1.metricOnce)('pft_webhook_deliveries_failed_total', () => new prom_client_1.Counter({
        name: 'pft_webhook_deliveries_failed_total',
        help: 'Deliveries given up on: the retry schedule used up',
    })),
    dropped: (0, metric_once_1.metricOnce)('pft_webhook_deliveries_dropped_total', () => new prom_client_1.Counter({
        name: 'pft_webhook_deliveries_dropped_total',
        help: 'Deliveries not sent because the pilot was disconnected from the partner meanwhile',
    })),
    disabled: (0, metric_once_1.metricOnce)('pft_webhook_endpoints_disabled_total', () => new prom_client_1.Counter({
        name: 'pft_webhook_endpoints_disabled_total',
        help: 'Endpoints disabled after failing for WEBHOOK_DISABLE_AFTER_MS',
    })),
    queueDepth: (0, metric_once_1.metricOnce)('pft_webhook_queue_depth', () => new prom_client_1.Gauge({ name: 'pft_webhook_queue_depth', help: 'Deliveries pending (due or waiting for a retry)' })),
    disabledEndpoints: (0, metric_once_1.metricOnce)('pft_webhook_disabled_endpoints', () => new prom_client_1.Gauge({ name: 'pft_webhook_disabled_endpoints', help: 'Endpoints disabled now' })),
    latency: (0, metric_once_1.metricOnce)('pft_webhook_delivery_latency_seconds', () => new prom_client_1.Histogram({
        name: 'pft_webhook_delivery_latency_seconds',
        help: 'From an event being queued to its delivery (retries included)',
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
    })),
    attemptDuration: (0, metric_once_1.metricOnce)('pft_webhook_attempt_duration_seconds', () => new prom_client_1.Histogram({
        name: 'pft_webhook_attempt_duration_seconds',
        help: 'How long one attempt took, its answer or its timeout',
        buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    })),
};
//# sourceMappingURL=webhook-metrics.js.map