"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.backendPidOf = backendPidOf;
exports.onOneConnection = onOneConnection;
exports.endSession = endSession;
const promises_1 = require("node:timers/promises");
const typeorm_1 = require("typeorm");
const rows_of_1 = require("./rows-of");
/**
 * The process id of the Postgres session `runner`'s statements run in: a transaction's EntityManager, a
 * connected QueryRunner or a pg client. Undefined for a pool, or a runner not connected yet.
 */
function backendPidOf(runner) {
    const manager = runner;
    const queryRunner = (manager.queryRunner ?? runner);
    const client = queryRunner.databaseConnection ?? runner;
    return typeof client.processID === 'number' ? client.processID : undefined;
}
/**
 * Runs `work` on one connection of a DataSource's pool, held for it and outside any transaction (each
 * statement commits alone), so that the session it ran in is known (`backendPidOf`). Costs what a
 * statement on the pool costs: one connection taken and given back. Any other runner runs `work` itself.
 */
async function onOneConnection(db, work) {
    if (!typeorm_1.InstanceChecker.isDataSource(db))
        return work(db);
    const runner = db.createQueryRunner();
    try {
        await runner.connect();
        return await work(runner);
    }
    finally {
        await runner.release();
    }
}
/** How often `endSession` looks again whether the session has gone. */
const GONE_POLL_MS = 50;
/**
 * Ends the Postgres session `pid` from another connection of `db` and waits until it has gone from
 * pg_stat_activity: a transaction of it that had not committed can then never commit. Only a session of
 * this database and role is ended (the role needs no more right than that), never the caller's own.
 * Throws when the database cannot be asked, or when `deadline` (epoch ms) passes first.
 */
async function endSession(db, pid, deadline) {
    for (;;) {
        const rows = (0, rows_of_1.rowsOf)(await db.query(`select pg_terminate_backend(pid) as signalled from pg_stat_activity
          where pid = $1 and pid <> pg_backend_pid() and datname = current_database() and usename = current_user`, [pid]));
        if (rows.length === 0)
            return;
        if (Date.now() >= deadline)
            throw new Error(`the database session ${pid} has not ended in time`);
        await (0, promises_1.setTimeout)(GONE_POLL_MS);
    }
}
//# sourceMappingURL=session.js.map