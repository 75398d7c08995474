"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OutboxVacuum = void 0;
const pg_1 = require("pg");
/**
 * Vacuums the outbox every so many rows the relay deletes. The outbox is a queue: each event leaves
 * two dead row versions in it (marked in flight, then deleted), and the relay's read walks the dead
 * entries at the head of its index until a vacuum removes them, so each batch costs more until then.
 * Autovacuum does this where it is on and keeps up; where it is off or behind (it wakes once a minute
 * by default), the relay does it itself.
 *
 * Each vacuum runs on a connection of its own, in the background: the relay's batches and its lease
 * never wait on it, and a long one (an outbox left unvacuumed for long) holds up nothing. One at a time. A
 * database user that does not own the table cannot vacuum it (Postgres skips it with a warning): then
 * the relay says so once and leaves it to autovacuum.
 */
class OutboxVacuum {
    connection;
    everyRows;
    logger;
    deletedSince = 0;
    running;
    client;
    refused = false;
    stopped = false;
    /** `everyRows`: rows deleted between two vacuums (0: never). */
    constructor(connection, everyRows, logger) {
        this.connection = connection;
        this.everyRows = everyRows;
        this.logger = logger;
    }
    /** Counts rows the relay deleted; past `everyRows` since the last vacuum, starts one. */
    deleted(count) {
        if (this.everyRows <= 0 || this.refused || this.stopped)
            return;
        this.deletedSince += count;
        if (this.running || this.deletedSince < this.everyRows)
            return;
        this.deletedSince = 0;
        this.running = this.vacuum().finally(() => (this.running = undefined));
    }
    /** Vacuums may start again (the relay starting). */
    resume() {
        this.stopped = false;
    }
    /**
     * Starts no more vacuums and leaves the one running, if any: its connection is closed, and Postgres
     * finishes that vacuum on its own. A relay stopping never waits for a long one.
     */
    async stop() {
        this.stopped = true;
        await this.client?.end().catch(() => undefined);
        await this.running;
    }
    async vacuum() {
        // No statement timeout of the relay's: a vacuum takes as long as the dead rows it finds.
        const client = new pg_1.Client({ ...this.connection, query_timeout: undefined });
        this.client = client;
        client.on('error', () => undefined);
        // Postgres's only warning for this statement (01000, 'skipping ... only table or database owner
        // can vacuum it'), in whatever language the server speaks.
        client.on('notice', (notice) => {
            if (notice.code === '01000' || notice.message?.startsWith('skipping'))
                this.refuse(notice.message);
        });
        try {
            await client.connect();
            await client.query('vacuum event_outbox');
        }
        catch (err) {
            if (!this.stopped)
                this.logger.warn(`relay: vacuuming the outbox failed: ${String(err)}`);
        }
        finally {
            this.client = undefined;
            await client.end().catch(() => undefined);
        }
    }
    refuse(reason = 'a warning from Postgres') {
        if (this.refused)
            return;
        this.refused = true;
        this.logger.warn(`relay: cannot vacuum the outbox (${reason}); leaving it to autovacuum`);
    }
}
exports.OutboxVacuum = OutboxVacuum;
//# sourceMappingURL=outbox-vacuum.js.map