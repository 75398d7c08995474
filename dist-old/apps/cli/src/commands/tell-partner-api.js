"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.tellPartnerApi = tellPartnerApi;
const ioredis_1 = __importDefault(require("ioredis"));
/**
 * Runs `tell` against the partner API's Redis (REDIS_URL, PARTNER_REDIS_PREFIX) on a connection of its
 * own that gives up at once; answers the reason when Redis could not be told, undefined when it was.
 */
async function tellPartnerApi(config, tell) {
    const redis = new ioredis_1.default(config.REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        // A Redis that accepts the connection but does not answer must not hold the command for ever.
        commandTimeout: 2000,
        retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    try {
        await redis.connect();
        await tell(redis, config.PARTNER_REDIS_PREFIX);
        return undefined;
    }
    catch (err) {
        return err instanceof Error ? err.message : String(err);
    }
    finally {
        redis.disconnect();
    }
}
//# sourceMappingURL=tell-partner-api.js.map