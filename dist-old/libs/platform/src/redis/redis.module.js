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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisModule = exports.RedisReadiness = exports.REDIS = void 0;
exports.createRedis = createRedis;
const common_1 = require("@nestjs/common");
const ioredis_1 = __importDefault(require("ioredis"));
const app_config_1 = require("../config/app-config");
const redis_token_1 = require("./redis.token");
var redis_token_2 = require("./redis.token");
Object.defineProperty(exports, "REDIS", { enumerable: true, get: function () { return redis_token_2.REDIS; } });
const REDIS_CONNECT_TIMEOUT_MS = 2000;
/**
 * Waits for the client's first connection, or its first failure, or `ms`: whichever comes first. A
 * process that served before its connection was made would count its first requests in memory (the
 * client fails fast while connecting), so a new replica's first answers missed the shared rate limit.
 * A Redis that is away delays the start by one failed attempt at most: the app serves without it.
 */
function firstConnection(redis, ms) {
    if (redis.status === 'ready')
        return Promise.resolve();
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            redis.off('ready', done);
            redis.off('error', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        redis.once('ready', done);
        redis.once('error', done);
    });
}
/**
 * A client that fails fast while Redis is away (no offline queue, one try per command),
 * so callers fall back at once instead of hanging; it keeps reconnecting in the background.
 *
 * Not auto-pipelined: the partner API already sends one command per key and turn of the event loop
 * (TurnBatches in the rate counter), and ioredis's auto-pipelining, which wraps each turn's commands in
 * a Pipeline, made its objects reach the old generation at about 5 MB/s under a warm-read load
 * (`--trace-gc`): a mark-compact every few seconds, the read's p99. Without it: about 0.5 MB/s.
 */
function createRedis(url, commandTimeoutMs = 1000) {
    return new ioredis_1.default(url, {
        enableAutoPipelining: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        // A Redis that stops answering without closing the connection fails commands after this long,
        // so callers fall back (the rate limit counts per process) instead of waiting on TCP.
        commandTimeout: commandTimeoutMs,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
}
let RedisReadiness = class RedisReadiness {
    redis;
    name = 'redis';
    constructor(redis) {
        this.redis = redis;
    }
    async check() {
        const answer = await this.redis.ping();
        if (answer !== 'PONG')
            throw new Error(`unexpected PING answer ${String(answer)}`);
    }
    onApplicationShutdown() {
        this.redis.disconnect();
    }
};
exports.RedisReadiness = RedisReadiness;
exports.RedisReadiness = RedisReadiness = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(redis_token_1.REDIS)),
    __metadata("design:paramtypes", [ioredis_1.default])
], RedisReadiness);
let RedisModule = class RedisModule {
};
exports.RedisModule = RedisModule;
exports.RedisModule = RedisModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        providers: [
            {
                provide: redis_token_1.REDIS,
                inject: [app_config_1.AppConfig],
                useFactory: async (config) => {
                    const redis = createRedis(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS);
                    const logger = new common_1.Logger('redis');
                    redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection problem'));
                    await firstConnection(redis, REDIS_CONNECT_TIMEOUT_MS);
                    return redis;
                },
            },
            RedisReadiness,
        ],
        exports: [redis_token_1.REDIS, RedisReadiness],
    })
], RedisModule);
//# sourceMappingURL=redis.module.js.map