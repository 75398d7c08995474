"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.relayConnectionConfig = relayConnectionConfig;
/**
 * The relay's own connection. Postgres should notice soon when the relay's host is gone without a
 * word: the server probes the connection after 10 s of silence and drops the session after three
 * unanswered probes 5 s apart, instead of after its default of hours. (Leadership does not wait on
 * it: the lease expires on its own.)
 */
function relayConnectionConfig(options) {
    return {
        connectionString: options.databaseUrl,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
        query_timeout: options.queryTimeoutMs || undefined,
        keepAlive: true,
        options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
    };
}
//# sourceMappingURL=outbox-relay.options.js.map