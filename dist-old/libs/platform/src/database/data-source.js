"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CLIENT_GRACE_MS = void 0;
exports.dataSourceOptions = dataSourceOptions;
exports.createDataSource = createDataSource;
exports.splitDatabaseUrl = splitDatabaseUrl;
const typeorm_1 = require("typeorm");
/** The client waits this much longer than Postgres's own statement limit before giving up. */
exports.CLIENT_GRACE_MS = 1000;
const DEFAULT_TIMEOUTS = { connectMs: 5000, queryMs: 0 };
function dataSourceOptions(url, poolSize = 10, timeouts = DEFAULT_TIMEOUTS, migrations = []) {
    return {
        type: 'postgres',
        url,
        synchronize: false,
        migrationsRun: false,
        migrationsTableName: 'schema_migrations',
        migrations,
        entities: [],
        extra: {
            max: poolSize,
            connectionTimeoutMillis: timeouts.connectMs,
            ...(timeouts.queryMs > 0
                ? { statement_timeout: timeouts.queryMs, query_timeout: timeouts.queryMs + exports.CLIENT_GRACE_MS }
                : {}),
        },
    };
}
function createDataSource(url, poolSize = 10, migrations = []) {
    return new typeorm_1.DataSource(dataSourceOptions(url, poolSize, DEFAULT_TIMEOUTS, migrations));
}
/** The database name of a postgres URL, and a URL to the server's maintenance database. */
function splitDatabaseUrl(url) {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    parsed.pathname = '/postgres';
    return { database, adminUrl: parsed.toString() };
}
//# sourceMappingURL=data-source.js.map