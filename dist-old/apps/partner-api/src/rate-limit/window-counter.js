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
exports.WindowCounter = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const access_1 = require("../../../../libs/access/src/index.js");
const api_keys_1 = require("../../../../libs/access/src/api-keys/index.js");
const memory_window_counter_1 = require("./memory-window-counter");
const rate_clock_1 = require("./rate-clock");
const turn_batches_1 = require("../../../../libs/platform/src/batching/turn-batches.js");
const platform_2 = require("../../../../libs/platform/src/index.js");
/**
 * Counts ARGV[2] requests in the current clock-minute window and, in the same round trip, reads the
 * API keys revision (see api-keys-revision.ts) and the partner read revision (partner-read-revision.ts).
 * The count lives a little past its minute so that replicas with slightly skewed clocks still share it.
 */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('GET', KEYS[2]) or '0', redis.call('GET', KEYS[3]) or '0'}
`;
/** 1 while this process counts rate limits on its own because Redis is unreachable, else 0. */
const localFallback = (0, platform_2.metricOnce)('pft_rate_limit_redis_fallback', () => new prom_client_1.Gauge({
    name: 'pft_rate_limit_redis_fallback',
    help: '1 while this process counts rate limits itself (Redis unreachable), 0 while Redis counts for all replicas',
}));
const countedLocally = (0, platform_2.metricOnce)('pft_rate_limit_local_counts_total', () => new prom_client_1.Counter({
    name: 'pft_rate_limit_local_counts_total',
    help: 'Rate-limit counts (requests, failed authentications) this process made itself because Redis was unreachable',
}));
let WindowCounter = class WindowCounter {
    clock;
    logger = new common_1.Logger('rate-limit');
    fallback = new memory_window_counter_1.MemoryWindowCounter();
    /**
     * The requests of one subject and window that arrive in the same turn of the event loop are counted
     * by one command: each gets its own count (the total less those after it), exactly as if counted
     * one by one, and the revisions read after all of them arrived.
     */
    hitsInRedis;
    /**
     * While Redis is failing, requests are counted in memory without asking it, and one a second asks
     * again: a Redis that does not answer costs that one request REDIS_COMMAND_TIMEOUT_MS, not every one.
     */
    redisGate = new platform_1.RetryGate(1000);
    lastFaultLogged = 0;
    prefix;
    revisionKey;
    readRevisionKey;
    constructor(redis, config, clock) {
        this.clock = clock;
        this.prefix = config.PARTNER_REDIS_PREFIX;
        this.revisionKey = (0, api_keys_1.apiKeysRevisionKey)(config.PARTNER_REDIS_PREFIX);
        this.readRevisionKey = (0, access_1.partnerReadRevisionKey)(config.PARTNER_REDIS_PREFIX);
        redis.defineCommand('pftWindowHit', { numberOfKeys: 3, lua: HIT_SCRIPT });
        const command = redis.pftWindowHit.bind(redis);
        this.hitsInRedis = new turn_batches_1.TurnBatches((countKey, requests) => command(countKey, this.revisionKey, this.readRevisionKey, domain_1.RATE_WINDOW_SECONDS * 2, requests.length));
    }
    /**
     * `subject` names what is limited: `key:<key id>` or `ip:<address>`; `reqId`, the request counted,
     * names it in the line logged if Redis fails.
     */
    async hit(subject, reqId) {
        const now = this.clock.now();
        const window = (0, domain_1.rateWindowAt)(now);
        if (!this.redisGate.tryNow())
            return this.countInMemory(subject, window);
        try {
            const { result, size, index } = await this.hitsInRedis.join(`${this.prefix}rate:${subject}:${window.id}`);
            if (this.redisGate.succeeded()) {
                localFallback.set(0);
                this.logger.log('Redis is back: rate limits are shared by all replicas again');
            }
            const [total, keysRevision, readRevision] = result;
            return { window, count: total - size + 1 + index, keysRevision, readRevision };
        }
        catch (err) {
            const starts = this.redisGate.failed();
            if (starts)
                localFallback.set(1);
            this.noteFault(err, now, starts, reqId);
            return this.countInMemory(subject, window);
        }
    }
    countInMemory(subject, window) {
        countedLocally.inc();
        return { window, count: this.fallback.hit(subject, window.id), keysRevision: null, readRevision: null };
    }
    /** Logs the fault when it starts and then once a minute, not once per request. */
    noteFault(err, now, starts, reqId) {
        if (starts || now - this.lastFaultLogged >= 60_000) {
            this.logger.warn({ err: err instanceof Error ? err.message : String(err), ...(reqId === undefined ? {} : { reqId }) }, 'Redis unreachable: rate limits counted per process until it is back');
            this.lastFaultLogged = now;
        }
    }
};
exports.WindowCounter = WindowCounter;
exports.WindowCounter = WindowCounter = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(platform_1.REDIS)),
    __metadata("design:paramtypes", [Function, platform_1.AppConfig,
        rate_clock_1.RateClock])
], WindowCounter);
//# sourceMappingURL=window-counter.js.map