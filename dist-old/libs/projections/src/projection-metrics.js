"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.projectionMetrics = void 0;
const prom_client_1 = require("prom-client");
const metric_once_1 = require("../../platform/src/metrics/metric-once.js");
/**
 * The projector's metrics on the default registry (served on its metrics port), one set per process:
 * the app and a rebuild in the same process share them, told apart by the `version` label.
 */
exports.projectionMetrics = {
    lag: (0, metric_once_1.metricOnce)('pft_projection_lag_messages', () => new prom_client_1.Gauge({
        name: 'pft_projection_lag_messages',
        help: 'Messages on the topic not yet applied, per projection version and partition',
        labelNames: ['projection', 'version', 'partition'],
    })),
    applied: (0, metric_once_1.metricOnce)('pft_projection_events_applied_total', () => new prom_client_1.Counter({
        name: 'pft_projection_events_applied_total',
        help: 'Logbook events folded into the projection (rate() gives events per second)',
        labelNames: ['projection', 'version'],
    })),
    repeats: (0, metric_once_1.metricOnce)('pft_projection_events_repeated_total', () => new prom_client_1.Counter({
        name: 'pft_projection_events_repeated_total',
        help: 'Redelivered or duplicated events skipped',
        labelNames: ['projection', 'version'],
    })),
    deadLetters: (0, metric_once_1.metricOnce)('pft_projection_dead_letters_total', () => new prom_client_1.Counter({
        name: 'pft_projection_dead_letters_total',
        help: 'Messages the projection could not apply, sent to the dead-letter topic',
        labelNames: ['projection', 'version'],
    })),
    batchSeconds: (0, metric_once_1.metricOnce)('pft_projection_batch_duration_seconds', () => new prom_client_1.Histogram({
        name: 'pft_projection_batch_duration_seconds',
        help: 'Time to apply one Kafka batch in one Postgres transaction',
        labelNames: ['projection', 'version'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    })),
};
//# sourceMappingURL=projection-metrics.js.map