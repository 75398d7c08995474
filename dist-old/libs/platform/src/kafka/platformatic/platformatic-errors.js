"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toPortError = toPortError;
exports.translated = translated;
const kafka_port_1 = require("../kafka.port");
/** The client's codes and the socket's words for "no broker answered". */
const CONNECTION_CODES = new Set([
    'PLT_KFK_NETWORK',
    'PLT_KFK_TIMEOUT',
    'ECONNREFUSED',
    'ENOTFOUND',
    'EHOSTUNREACH',
]);
const CONNECTION_FAILURE = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|timed? ?out/i;
/** Whether any error in the chain (causes, and the errors a MultipleErrors gathers) is a connection failure. */
function aboutConnection(error, depth = 0) {
    const e = error;
    if (!e || typeof e !== 'object' || depth > 5)
        return false;
    if ((e.code && CONNECTION_CODES.has(e.code)) || CONNECTION_FAILURE.test(e.message ?? ''))
        return true;
    return aboutConnection(e.cause, depth + 1) || (e.errors ?? []).some((c) => aboutConnection(c, depth + 1));
}
/** @platformatic/kafka's error (its codes start PLT_KFK_) as the port's: the message kept, the original as the cause. */
function toPortError(error) {
    const e = error;
    if (!e || typeof e.code !== 'string' || !e.code.startsWith('PLT_KFK_'))
        return error;
    return new kafka_port_1.KafkaClientError(e.message ?? String(error), aboutConnection(error), { cause: error });
}
/** Runs one call of the client, its failure reported as the port's error. */
async function translated(call) {
    try {
        return await call();
    }
    catch (error) {
        throw toPortError(error);
    }
}
//# sourceMappingURL=platformatic-errors.js.map