"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.metricOnce = metricOnce;
const prom_client_1 = require("prom-client");
/**
 * The metric of that name on the process's registry (the one the metrics port serves), created by
 * `create` the first time: one per process, however many apps or modules a test builds in it.
 */
function metricOnce(name, create) {
    return prom_client_1.register.getSingleMetric(name) ?? create();
}
//# sourceMappingURL=metric-once.js.map