"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
__exportStar(require("./config"), exports);
__exportStar(require("./logging/logging.module"), exports);
__exportStar(require("./http/api-error"), exports);
__exportStar(require("./http/envelope"), exports);
__exportStar(require("./http/envelope.hook"), exports);
__exportStar(require("./http/error.filter"), exports);
__exportStar(require("./http/error-response"), exports);
__exportStar(require("./http/http-context"), exports);
__exportStar(require("./http/request-id"), exports);
__exportStar(require("./http/request-body"), exports);
__exportStar(require("./http/request-body.guard"), exports);
__exportStar(require("./http/unrouted-request"), exports);
__exportStar(require("./http/route-table"), exports);
__exportStar(require("./http/start-http-app"), exports);
__exportStar(require("./health/readiness-check"), exports);
__exportStar(require("./health/health.module"), exports);
__exportStar(require("./metrics/http-metrics"), exports);
__exportStar(require("./metrics/metric-once"), exports);
__exportStar(require("./metrics/metrics-port"), exports);
__exportStar(require("./metrics/metrics-server"), exports);
__exportStar(require("./database/data-source"), exports);
__exportStar(require("./database/database.module"), exports);
__exportStar(require("./database/queryable"), exports);
__exportStar(require("./redis/redis.module"), exports);
__exportStar(require("./redis/retry-gate"), exports);
__exportStar(require("./kafka/kafka-factory"), exports);
__exportStar(require("./kafka/kafka.port"), exports);
__exportStar(require("./kafka/kafka.module"), exports);
__exportStar(require("./kafka/topics"), exports);
__exportStar(require("./main-runner"), exports);
__exportStar(require("./database/session"), exports);
__exportStar(require("./database/write-outcome"), exports);
__exportStar(require("./crypto"), exports);
//# sourceMappingURL=index.js.map