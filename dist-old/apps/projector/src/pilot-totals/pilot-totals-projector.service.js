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
exports.PilotTotalsProjectorService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const platform_1 = require("../../../../libs/platform/src/index.js");
const access_1 = require("../../../../libs/access/src/index.js");
const projections_1 = require("../../../../libs/projections/src/index.js");
const start_backoff_1 = require("./start-backoff");
/**
 * Keeps the active version of the pilot totals projection up to date. Every second it refreshes
 * the partitions' freshness and checks which version is active: after a rebuild switched readers
 * to a new version, it stops writing the old one and goes on in the new one from that version's
 * stored offsets (with that version's consumer group).
 *
 * The consumer starts in the background, so the app serves health at once, and a broker that is
 * away (at start, or later when the client gives up) is tried again with backoff until it answers:
 * the process never exits for it, and `consuming` (readiness) is false meanwhile.
 */
let PilotTotalsProjectorService = class PilotTotalsProjectorService {
    kafka;
    dataSource;
    config;
    partnerReads;
    kafkaReadiness;
    logger = new common_1.Logger('pilot-totals-projector');
    backoff = new start_backoff_1.StartBackoff();
    consumer;
    /** Set when the consumer stopped on an error and does not start itself again. */
    consumerGaveUp = false;
    timer;
    tick = Promise.resolve();
    ticking = false;
    stopping = false;
    constructor(kafka, dataSource, config, partnerReads, kafkaReadiness) {
        this.kafka = kafka;
        this.dataSource = dataSource;
        this.config = config;
        this.partnerReads = partnerReads;
        this.kafkaReadiness = kafkaReadiness;
    }
    /** Returns at once: the HTTP server listens only after every module's bootstrap. */
    onApplicationBootstrap() {
        this.timer = setInterval(() => this.schedule(), 1000);
        this.schedule();
    }
    /** Whether the consumer is in its group and fetching: the projector is ready only then. */
    get consuming() {
        return this.consumer?.consuming ?? false;
    }
    /** Stops fetching; the batch in flight commits whole or rolls back, nothing half-written. */
    async beforeApplicationShutdown() {
        this.stopping = true;
        clearInterval(this.timer);
        await this.tick;
        await this.consumer?.stop();
        this.consumer = undefined;
    }
    /** One tick at a time: one that finds the last still running (a slow database, a start) is skipped. */
    schedule() {
        if (this.ticking || this.stopping)
            return;
        this.ticking = true;
        this.tick = (async () => {
            try {
                await this.followActiveVersion();
                await this.consumer?.refreshFreshness();
            }
            catch (err) {
                this.logger.error(`projector tick failed: ${messageOf(err)}`);
            }
            finally {
                this.ticking = false;
            }
        })();
    }
    async followActiveVersion() {
        const { active } = await (0, projections_1.readProjectionVersions)(this.dataSource);
        if (this.stopping)
            return;
        if (this.consumer?.version === active && !this.consumerGaveUp)
            return;
        if (this.consumer) {
            if (this.consumer.version !== active)
                this.logger.log(`active version is now ${active}; leaving version ${this.consumer.version}`);
            await this.consumer.stop().catch(() => undefined);
            this.consumer = undefined;
        }
        if (this.backoff.waiting())
            return;
        await this.startConsumer(active);
    }
    async startConsumer(version) {
        const consumer = new projections_1.PilotTotalsConsumer({
            kafka: this.kafka,
            dataSource: this.dataSource,
            topic: this.config.PILOT_EVENTS_TOPIC,
            deadLetterTopic: this.config.DEAD_LETTER_TOPIC,
            version,
            concurrency: Math.max(1, Math.min(8, this.config.DATABASE_POOL_SIZE - 2)),
            logger: this.logger,
            sessionTimeoutMs: this.config.PROJECTOR_SESSION_TIMEOUT_MS,
            onSuperseded: () => this.schedule(),
            afterChange: () => this.partnerReads.announceChange(),
        });
        consumer.onCrash((restarting) => {
            if (!restarting)
                this.consumerGaveUp = true;
        });
        try {
            // One quick try first: a broker that is down costs a second here, not the client's retries.
            await this.kafkaReadiness.check();
            this.consumerGaveUp = false;
            await consumer.start();
            this.consumer = consumer;
            this.backoff.succeeded();
        }
        catch (err) {
            await consumer.stop().catch(() => undefined);
            const delayMs = this.backoff.failed();
            this.logger.warn(`consumer not started (attempt ${this.backoff.attempts}): ${messageOf(err)}; trying again in ${delayMs} ms`);
        }
    }
};
exports.PilotTotalsProjectorService = PilotTotalsProjectorService;
exports.PilotTotalsProjectorService = PilotTotalsProjectorService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(platform_1.KAFKA)),
    __metadata("design:paramtypes", [Object, typeorm_1.DataSource,
        platform_1.AppConfig,
        access_1.PartnerReadRevision,
        platform_1.KafkaReadiness])
], PilotTotalsProjectorService);
function messageOf(err) {
    return err instanceof Error ? err.message : String(err);
}
//# sourceMappingURL=pilot-totals-projector.service.js.map