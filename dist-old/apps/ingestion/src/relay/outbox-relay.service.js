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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.OutboxRelayService = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const platform_1 = require("../../../../libs/platform/src/index.js");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const relay_kafka_provider_1 = require("./relay-kafka.provider");
const published = (0, platform_1.metricOnce)('pft_relay_events_published_total', () => new prom_client_1.Counter({
    name: 'pft_relay_events_published_total',
    help: 'Events the outbox relay published to Kafka',
}));
const alreadyPublished = (0, platform_1.metricOnce)('pft_relay_events_already_published_total', () => new prom_client_1.Counter({
    name: 'pft_relay_events_already_published_total',
    help: 'Events in flight that the outbox relay found on the topic already, deleted and did not send again',
}));
const delay = (0, platform_1.metricOnce)('pft_relay_publish_delay_seconds', () => new prom_client_1.Histogram({
    name: 'pft_relay_publish_delay_seconds',
    help: 'From an event commit to its publication, oldest event of each batch',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
}));
/** Runs the outbox relay inside the ingestion app (unless RELAY_ENABLED=false). */
let OutboxRelayService = class OutboxRelayService {
    config;
    kafka;
    logger = new common_1.Logger('relay');
    relay;
    constructor(config, kafka) {
        this.config = config;
        this.kafka = kafka;
    }
    onApplicationBootstrap() {
        if (!this.config.RELAY_ENABLED)
            return;
        this.relay = new event_store_1.OutboxRelay({
            databaseUrl: this.config.DATABASE_URL,
            kafka: this.kafka,
            topic: this.config.PILOT_EVENTS_TOPIC,
            batchSize: this.config.RELAY_BATCH_SIZE,
            pollIntervalMs: this.config.RELAY_POLL_INTERVAL_MS,
            lingerMs: this.config.RELAY_LINGER_MS,
            leaseMs: this.config.RELAY_LEASE_MS,
            connectTimeoutMs: this.config.DATABASE_CONNECT_TIMEOUT_MS,
            queryTimeoutMs: this.config.DATABASE_QUERY_TIMEOUT_MS,
            logger: this.logger,
            onPublished: (count, oldest) => {
                published.inc(count);
                delay.observe(Math.max(0, Date.now() - oldest.getTime()) / 1000);
            },
            onAlreadyPublished: (count) => alreadyPublished.inc(count),
        });
        // Topics are made by the project, never by auto-creation; until this succeeds the relay retries.
        // A cluster with fewer brokers than KAFKA_REPLICATION_FACTOR gets no topic: the writes stay in
        // the outbox, as while Kafka is down.
        (0, platform_1.ensureTopics)(this.kafka, (0, platform_1.pilotTopics)(this.config).filter((t) => t.topic === this.config.PILOT_EVENTS_TOPIC)).then((report) => {
            for (const m of report.mismatches)
                this.logger.warn((0, platform_1.describeMismatch)(m, this.config.KAFKA_BROKERS).join('\n'));
        }, (err) => {
            if (err instanceof platform_1.KafkaTopicsError)
                this.logger.error(`${err.code}: ${err.message}`);
            else
                this.logger.warn(`pilot events topic not ensured yet: ${String(err)}`);
        });
        this.relay.start();
    }
    /** Wakes the relay of this process if it is the one publishing; false otherwise. */
    wakeIfActive() {
        if (!this.relay?.isLeader)
            return false;
        this.relay.wake();
        return true;
    }
    async onApplicationShutdown() {
        await this.relay?.stop();
    }
};
exports.OutboxRelayService = OutboxRelayService;
exports.OutboxRelayService = OutboxRelayService = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(relay_kafka_provider_1.RELAY_KAFKA)),
    __metadata("design:paramtypes", [platform_1.AppConfig, Object])
], OutboxRelayService);
//# sourceMappingURL=outbox-relay.service.js.map