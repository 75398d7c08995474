"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toPortError = toPortError;
exports.translated = translated;
const kafka_port_1 = require("../kafka.port");
/** kafkajs's words for "no broker answered", at any depth of its retry wrapping. */
const CONNECTION_FAILURE = /Connection error|Connection timeout|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|timeout/i;
/** kafkajs's error as the port's: the message kept, the original as the cause. */
function toPortError(error) {
    const e = error;
    if (!e || typeof e.name !== 'string' || !e.name.startsWith('KafkaJS'))
        return error;
    let connection = false;
    for (let c = e, depth = 0; c && depth < 5; c = c.cause, depth++) {
        if (c.name === 'KafkaJSConnectionError' || CONNECTION_FAILURE.test(c.message ?? ''))
            connection = true;
    }
    return new kafka_port_1.KafkaClientError(e.message ?? String(error), connection, { cause: error });
}
/** Runs one call of kafkajs, its failure reported as the port's error. */
async function translated(call) {
    try {
        return await call();
    }
    catch (error) {
        throw toPortError(error);
    }
}
//# sourceMappingURL=kafkajs-errors.js.map