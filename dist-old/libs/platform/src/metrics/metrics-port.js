"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_METRICS_PORTS = void 0;
exports.metricsPortOf = metricsPortOf;
/**
 * Each process's metrics port when METRICS_PORT is unset: distinct, so that the apps of one host
 * (`npm start`) can all be scraped without setting anything. 9464 is the usual Prometheus exporter port.
 */
exports.DEFAULT_METRICS_PORTS = {
    'partner-api': 9464,
    ingestion: 9465,
    projector: 9466,
    webhooks: 9467,
};
function metricsPortOf(config, process) {
    return config.METRICS_PORT ?? exports.DEFAULT_METRICS_PORTS[process];
}
//# sourceMappingURL=metrics-port.js.map