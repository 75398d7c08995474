"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.dropStalledConnections = dropStalledConnections;
/** True when the client comes back to the pool with a statement still unanswered. */
function hasStatementInFlight(client) {
    return Boolean(client._getActiveQuery?.());
}
/**
 * When a statement goes unanswered past the query time limit, pg gives the caller an error but keeps
 * the connection waiting for the answer, and TypeORM hands it back to the pool, where every later
 * statement on it would wait behind the lost one. Such a connection is closed as it comes back
 * (`end()` marks it ending at once, so the pool drops it instead of keeping it idle).
 */
function dropStalledConnections(dataSource) {
    const pool = dataSource.driver.master;
    pool?.on('release', (err, client) => {
        if (!err && hasStatementInFlight(client)) {
            client.end().catch(() => undefined);
        }
    });
}
//# sourceMappingURL=stalled-connections.js.map