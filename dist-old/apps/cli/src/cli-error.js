"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CliError = void 0;
exports.socketReason = socketReason;
exports.describeCliError = describeCliError;
exports.exitCodeOf = exitCodeOf;
const platform_1 = require("../../../libs/platform/src/index.js");
const api_keys_1 = require("../../../libs/access/src/api-keys/index.js");
/** A failure a command recognises, with the code it is known by. */
class CliError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
        this.name = 'CliError';
    }
}
exports.CliError = CliError;
const REASONS = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ETIMEDOUT: 'timed out',
    ENOTFOUND: 'host not found',
    EHOSTUNREACH: 'host unreachable',
};
/** The words for a socket error code (`ECONNREFUSED` → connection refused), if it is one. */
function socketReason(code) {
    return code ? REASONS[code] : undefined;
}
function hostPort(url, defaultPort) {
    try {
        const parsed = new URL(url);
        return `${parsed.hostname}:${parsed.port || defaultPort}`;
    }
    catch {
        return url;
    }
}
/**
 * What an operator reads when a command fails: a dependency that cannot be reached is named with
 * the variable that points at it; anything else is the error's own message, under a stable code.
 */
function describeCliError(error, services) {
    if (error instanceof CliError)
        return { code: error.code, message: error.message };
    if (error instanceof platform_1.ConfigError)
        return { code: 'INVALID_CONFIGURATION', message: error.message };
    if (error instanceof api_keys_1.UnknownPartnerError)
        return { code: 'PARTNER_NOT_FOUND', message: error.message };
    const e = (error ?? {});
    const message = typeof e.message === 'string' ? e.message : String(error);
    if (error instanceof platform_1.KafkaClientError && error.connection) {
        return {
            code: 'KAFKA_UNREACHABLE',
            message: `cannot reach Kafka at ${services.KAFKA_BROKERS} (KAFKA_BROKERS): ${message}`,
        };
    }
    const reason = socketReason(e.code);
    if (reason && e.address !== undefined) {
        const where = `${e.address}:${e.port}`;
        const postgres = hostPort(services.DATABASE_URL, 5432);
        const redis = hostPort(services.REDIS_URL, 6379);
        if (where === postgres || postgres.endsWith(`:${e.port}`))
            return {
                code: 'DATABASE_UNREACHABLE',
                message: `cannot reach Postgres at ${postgres} (DATABASE_URL): ${reason}`,
            };
        if (where === redis || redis.endsWith(`:${e.port}`))
            return { code: 'REDIS_UNREACHABLE', message: `cannot reach Redis at ${redis} (REDIS_URL): ${reason}` };
        return { code: 'HOST_UNREACHABLE', message: `cannot reach ${where}: ${reason}` };
    }
    return { code: 'COMMAND_FAILED', message };
}
/** The exit code of a failed command: 78 (EX_CONFIG) for a bad configuration, as the apps use. */
function exitCodeOf(failure) {
    return failure.code === 'INVALID_CONFIGURATION' ? 78 : 1;
}
//# sourceMappingURL=cli-error.js.map