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
exports.KafkaReadiness = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../config/app-config");
const kafka_factory_1 = require("./kafka-factory");
/** One try per check, each bounded, so a check ends soon after the probe stops waiting for it. */
const CONNECTION_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
/**
 * Asks the brokers for the cluster's metadata through one admin connection that lives as long as the
 * app: it is made once, connected on the first check and again only after a failed one, never more
 * than one attempt at a time (see DependencyProbes). It does not retry on its own (the app's client
 * retries eight times with backoff, which would hold one check for tens of seconds and hide the
 * broker's return as long), and it logs nothing: the probes log a change of state once.
 */
let KafkaReadiness = class KafkaReadiness {
    name = 'kafka';
    admin;
    constructor(config) {
        // No logger: the client logs nothing.
        this.admin = (0, kafka_factory_1.createKafka)(config.KAFKA_BROKERS, `${config.KAFKA_CLIENT_ID}-readiness`, undefined, { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, retry: { retries: 0 } }, config.KAFKA_CLIENT).admin();
    }
    async check() {
        try {
            // Returns at once while a broker connection is open.
            await this.admin.connect();
            await this.admin.describeCluster();
        }
        catch (err) {
            // Closes what is left of the connection, so the next check connects afresh.
            await this.admin.disconnect().catch(() => undefined);
            throw err;
        }
    }
    async onApplicationShutdown() {
        await this.admin.disconnect();
    }
};
exports.KafkaReadiness = KafkaReadiness;
exports.KafkaReadiness = KafkaReadiness = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [app_config_1.AppConfig])
], KafkaReadiness);
//# sourceMappingURL=kafka-readiness.js.map