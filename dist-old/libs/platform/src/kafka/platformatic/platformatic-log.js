"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.logClientEvents = logClientEvents;
/** The messages of an error and what it wraps (causes, a MultipleErrors' errors), deepest last. */
function messages(error, depth = 0) {
    const e = error;
    if (!e || typeof e !== 'object' || depth > 5)
        return [];
    const own = e.message ? [e.message] : [];
    const nested = [...(e.errors ?? []).slice(-1), e.cause].flatMap((c) => messages(c, depth + 1));
    return [...own, ...nested];
}
/**
 * The client's complaints as log lines: @platformatic/kafka writes none itself (it emits events and
 * writes to the debug module), so without these an app would not say why Kafka is unreachable.
 * Retries are warnings; a broker refusing the connection, and a request that failed after its
 * retries, are errors, as kafkajs reports them.
 */
function logClientEvents(client, namespace, logger) {
    if (!logger)
        return;
    client.on('client:broker:failed', ({ broker }) => {
        logger.error({ namespace, broker: `${broker.host}:${broker.port}` }, `Connection error: cannot connect to ${broker.host}:${broker.port}`);
    });
    const events = client;
    events.on('client:performWithRetry:retry', (operation, attempt, retries, delay) => {
        logger.warn({ namespace, operation, attempt, retries, delay }, `retrying ${String(operation)}`);
    });
    events.on('client:performWithRetry:failed', (operation, retries, errors) => {
        const last = Array.isArray(errors) ? errors.at(-1) : undefined;
        logger.error({ namespace, operation, retries }, `${String(operation)} failed: ${messages(last).join(': ') || 'no reason given'}`);
    });
}
//# sourceMappingURL=platformatic-log.js.map