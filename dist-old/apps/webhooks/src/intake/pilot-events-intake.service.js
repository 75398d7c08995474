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
exports.PilotEventsIntakeService = exports.webhooksGroupId = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const crypto_1 = require("../../../../libs/platform/src/crypto/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const webhook_metrics_1 = require("../webhook-metrics");
const intake_statements_1 = require("./intake.statements");
/** The dispatcher's consumer group: its own, and one per topic, as the projector's. */
const webhooksGroupId = (topic) => `pft-webhooks-${topic}`;
exports.webhooksGroupId = webhooksGroupId;
/** How long to wait before starting the consumer again after it failed to start or gave up. */
const RESTART_DELAY_MS = 2000;
/**
 * The dispatcher's consumer of the pilot events topic, in a group of its own per topic (webhooksGroupId),
 * so that it neither takes partitions from the projector nor waits for it. Each batch is taken in in
 * one transaction and its offsets committed to Kafka only after it: an event is stored as deliveries
 * before it counts as consumed, and one consumed again (after a crash) adds nothing.
 */
let PilotEventsIntakeService = class PilotEventsIntakeService {
    kafka;
    dataSource;
    config;
    logger = new common_1.Logger('webhook-intake');
    consumer;
    joined = false;
    stopping = false;
    restartTimer;
    constructor(kafka, dataSource, config) {
        this.kafka = kafka;
        this.dataSource = dataSource;
        this.config = config;
    }
    onApplicationBootstrap() {
        void this.start();
    }
    /** In its group and fetching. */
    get consuming() {
        return this.joined;
    }
    async beforeApplicationShutdown() {
        this.stopping = true;
        clearTimeout(this.restartTimer);
        await this.consumer?.disconnect().catch(() => undefined);
    }
    async start() {
        if (this.stopping)
            return;
        const consumer = this.kafka.consumer({
            groupId: (0, exports.webhooksGroupId)(this.config.PILOT_EVENTS_TOPIC),
            maxWaitTimeMs: 200,
        });
        this.consumer = consumer;
        consumer.onGroupJoin(() => (this.joined = true));
        consumer.onCrash(({ error, restart }) => {
            this.joined = false;
            this.logger.error({ err: error }, `consumer stopped${restart ? ', restarting' : ''}`);
            if (!restart)
                this.scheduleRestart();
        });
        try {
            await consumer.connect();
            await consumer.subscribe([this.config.PILOT_EVENTS_TOPIC], { fromBeginning: true });
            await consumer.run({
                eachBatch: (payload) => this.eachBatch(payload),
                partitionsConsumedConcurrently: 4,
            });
        }
        catch (err) {
            this.logger.warn({ err }, 'consumer did not start; trying again');
            await consumer.disconnect().catch(() => undefined);
            this.scheduleRestart();
        }
    }
    scheduleRestart() {
        if (this.stopping)
            return;
        clearTimeout(this.restartTimer);
        this.restartTimer = setTimeout(() => void this.start(), RESTART_DELAY_MS);
    }
    async eachBatch(payload) {
        const { batch } = payload;
        if (!payload.isRunning() || payload.isStale() || batch.messages.length === 0)
            return;
        const queued = await this.dataSource.transaction(async (tx) => {
            const events = [];
            const decodedAll = await (0, contracts_1.decodeEventMessages)(batch.messages.map((m) => m.value), (0, crypto_1.boxOpener)((0, crypto_1.sharedDataKeys)(), tx));
            for (const [i, message] of batch.messages.entries()) {
                const decoded = decodedAll[i];
                // An erased pilot's event: nothing to tell anyone.
                if ((0, contracts_1.isErased)(decoded))
                    continue;
                if (!decoded.ok) {
                    // Nothing to tell partners of in a message nobody can read; the projector dead-letters it.
                    this.logger.warn({ partition: batch.partition, offset: message.offset, reason: decoded.reason }, 'undecodable pilot event skipped');
                    continue;
                }
                events.push(decoded.message);
            }
            return (0, intake_statements_1.takeInEvents)(tx, events);
        });
        if (queued > 0)
            webhook_metrics_1.webhookMetrics.queued.inc(queued);
    }
};
exports.PilotEventsIntakeService = PilotEventsIntakeService;
exports.PilotEventsIntakeService = PilotEventsIntakeService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(platform_1.KAFKA)),
    __metadata("design:paramtypes", [Object, typeorm_1.DataSource,
        platform_1.AppConfig])
], PilotEventsIntakeService);
//# sourceMappingURL=pilot-events-intake.service.js.map