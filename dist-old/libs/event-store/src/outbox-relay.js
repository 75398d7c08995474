"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OutboxRelay = void 0;
const node_crypto_1 = require("node:crypto");
const node_os_1 = require("node:os");
const pg_1 = require("pg");
const event_store_1 = require("./event-store");
const outbox_reconcile_1 = require("./outbox-reconcile");
const outbox_relay_options_1 = require("./outbox-relay.options");
const outbox_rows_1 = require("./outbox-rows");
const outbox_vacuum_1 = require("./outbox-vacuum");
const relay_producer_1 = require("./relay-producer");
const relay_sleep_1 = require("./relay-sleep");
const relay_lease_1 = require("./relay-lease");
const relay_lease_statements_1 = require("./relay-lease.statements");
const renewing_while_1 = require("./renewing-while");
/** Rows deleted between two vacuums of the outbox, unless the options say otherwise. */
const VACUUM_EVERY_ROWS = 100_000;
/** How long the relay gathers commits after a sleep, unless the options say otherwise. */
const LINGER_MS = 20;
/** How often a standby relay tries to take the lease. */
const STANDBY_RETRY_MS = 1000;
const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };
/**
 * Publishes committed events to the pilot-events topic, keyed by pilot account, in position order.
 *
 * It reads the outbox (one row per committed, unpublished event) instead of "everything after the last
 * position seen": a transaction that took a smaller position but committed later is still in the outbox,
 * so nothing is skipped. A stream's versions commit in order (appends lock the stream), so each pilot's
 * events reach the topic in order. Each event is published once: before a batch is sent its rows are
 * marked in flight (the sender's fencing token and the database's time), and they are deleted only
 * after Kafka acknowledged them. Rows found marked (a crash, a stall or a lost lease came between the
 * send and the delete, or a send failed) are first looked for on the topic (outbox-reconcile.ts):
 * those there are deleted, only the others are sent.
 *
 * One relay of a database is active: the holder of the lease in `relay_leases`, which it renews every
 * third of the lease length and which expires on its own when the relay dies or freezes; standbys try
 * to take it every second. Each holding has its own fencing token (relay-lease.statements.ts).
 */
class OutboxRelay {
    options;
    batchSize;
    pollIntervalMs;
    lingerMs;
    logger;
    client;
    producer;
    leaseMs;
    /** Names this relay in the lease row: host, process and an instance of its own. */
    holder = `${(0, node_os_1.hostname)()}/${process.pid}/${(0, node_crypto_1.randomBytes)(4).toString('hex')}`;
    lease;
    sleeper = new relay_sleep_1.RelaySleep();
    loop;
    vacuum;
    constructor(options) {
        this.options = options;
        this.batchSize = options.batchSize ?? 500;
        this.pollIntervalMs = options.pollIntervalMs ?? 250;
        this.lingerMs = options.lingerMs ?? LINGER_MS;
        this.producer = new relay_producer_1.RelayProducer(options.kafka);
        this.logger = options.logger ?? silent;
        this.leaseMs = options.leaseMs ?? 5000;
        this.vacuum = new outbox_vacuum_1.OutboxVacuum((0, outbox_relay_options_1.relayConnectionConfig)(options), options.vacuumEveryRows ?? VACUUM_EVERY_ROWS, this.logger);
    }
    get isLeader() {
        return this.lease !== undefined;
    }
    /** Looks at the outbox now: a writer in this process just committed events. */
    wake() {
        this.sleeper.wake();
    }
    start() {
        this.sleeper.resume();
        this.vacuum.resume();
        this.loop ??= this.run().finally(() => (this.loop = undefined));
    }
    /** Finishes the batch in flight (a batch is deleted only once published), then lets go of everything. */
    async stop() {
        this.sleeper.stop();
        await this.loop;
        await this.vacuum.stop();
        await this.producer.reset();
        await this.releaseLease();
        await this.resetDatabase();
    }
    async run() {
        let backoffMs = 100;
        while (!this.sleeper.stopping) {
            try {
                if (!(await this.ensureLeadership())) {
                    // Notifications do not shorten a standby's wait: they are for the active relay.
                    await this.sleeper.sleep(STANDBY_RETRY_MS, true);
                    continue;
                }
                const published = await this.relayBatch();
                backoffMs = 100;
                const lease = this.lease;
                if (published < this.batchSize && lease) {
                    await this.sleeper.sleep(Math.min(this.pollIntervalMs, (0, relay_lease_1.renewalDueIn)(lease, performance.now(), this.leaseMs)));
                    // The commits of the next few milliseconds join the batch; the lease is still renewed on time.
                    const lingerMs = Math.min(this.lingerMs, (0, relay_lease_1.renewalDueIn)(lease, performance.now(), this.leaseMs));
                    if (lingerMs > 0)
                        await this.sleeper.sleep(lingerMs, true);
                }
            }
            catch (err) {
                const error = err instanceof Error ? err : new Error(String(err));
                this.logger.warn(`relay: ${error.message}; retrying in ${backoffMs} ms`);
                await this.producer.reset();
                if (!(await this.databaseAlive()))
                    await this.resetDatabase();
                // A lease held (the database answers, Kafka may not) is renewed on time through the retries.
                const lease = this.lease;
                await this.sleeper.sleep(lease ? Math.min(backoffMs, (0, relay_lease_1.renewalDueIn)(lease, performance.now(), this.leaseMs)) : backoffMs, true);
                backoffMs = Math.min(backoffMs * 2, 5000);
            }
        }
    }
    async ensureLeadership() {
        if (!this.client) {
            const client = new pg_1.Client((0, outbox_relay_options_1.relayConnectionConfig)(this.options));
            client.on('error', (err) => this.logger.warn(`relay database connection: ${err.message}`));
            client.on('notification', () => this.sleeper.wake());
            await client.connect();
            this.client = client;
            await client.query(`listen ${event_store_1.OUTBOX_CHANNEL}`);
        }
        const lease = this.lease;
        if (lease && (0, relay_lease_1.renewalDueIn)(lease, performance.now(), this.leaseMs) > 0)
            return true;
        return this.renewLease(this.client);
    }
    /** Takes the lease, or renews the one held; true when this relay holds it (and may send) now. */
    async renewLease(client) {
        const held = this.lease;
        const startedAt = performance.now();
        let token;
        try {
            token = await (0, relay_lease_statements_1.takeOrRenewLease)(client, {
                name: relay_lease_statements_1.OUTBOX_RELAY_LEASE,
                holder: this.holder,
                leaseMs: this.leaseMs,
                token: held?.token ?? null,
            });
        }
        catch (err) {
            if (held)
                this.logger.warn(`relay: renewing the lease (token ${held.token}) failed: ${String(err)}`);
            throw err;
        }
        const change = (0, relay_lease_1.judgeRenewal)(held, token, startedAt, performance.now(), this.leaseMs);
        this.lease = change.lease;
        switch (change.kind) {
            case 'acquired':
                this.logger.log(`relay: active with lease token ${change.lease.token}, publishing the outbox`);
                break;
            case 'lost':
                this.logger.warn(`relay: lease token ${change.token} lost to another relay; standing down`);
                break;
            case 'expired':
                this.logger.warn(`relay: lease token ${change.token} confirmed ${Math.round(change.elapsedMs)} ms after asking, past its ${this.leaseMs} ms; standing down`);
                break;
            case 'renewed':
            case 'standby':
                break;
        }
        return this.lease !== undefined;
    }
    standDown(reason) {
        if (this.lease)
            this.logger.warn(`relay: lease token ${this.lease.token} ${reason}; standing down`);
        this.lease = undefined;
    }
    /** Publishes the oldest outbox rows, then deletes them; returns how many it took off the outbox. */
    async relayBatch() {
        const client = this.client;
        if (!client)
            return 0;
        this.sleeper.taken();
        const rows = await (0, outbox_rows_1.readOutboxRows)(client, this.batchSize);
        if (rows.length === 0)
            return 0;
        const producer = await this.producer.connected();
        if (!(await this.renewLease(client)))
            return 0;
        // Sent, if at all, under the lease confirmed now: a lease lost and taken anew meanwhile (another
        // relay may have held it in between) makes the mark find another token and send nothing.
        const token = this.lease.token;
        let unsent = rows;
        if (rows.some((r) => r.sent_at_ms !== null)) {
            const marginMs = this.options.reconcileMarginMs ?? outbox_reconcile_1.RECONCILE_MARGIN_MS;
            const reconciled = await this.renewingWhile(client, (0, outbox_reconcile_1.reconcileInFlight)(client, this.options.kafka, { topic: this.options.topic, token, marginMs }, rows));
            if (!reconciled.leaseHeld) {
                this.standDown('moved on before the rows found published were deleted');
                return 0;
            }
            if (reconciled.published > 0) {
                this.logger.log(`relay: ${reconciled.published} events in flight were on the topic already`);
                this.options.onAlreadyPublished?.(reconciled.published);
            }
            unsent = reconciled.unsent;
            // Reading the topic took a while: the lease is confirmed again right before the send.
            if (unsent.length === 0 || !(await this.renewLease(client)))
                return rows.length - unsent.length;
        }
        return (await this.send(client, producer, unsent, token)) + rows.length - unsent.length;
    }
    /**
     * Marks the rows in flight, sends them and deletes them. Fencing: the lease was confirmed with its
     * token right before, the mark carries the token, and the lease must still be within its length on
     * this process's own clock, or this relay, which may have been frozen or slow while another took
     * over, sends nothing; while the send waits on Kafka the lease is renewed, so a live relay keeps it.
     * What remains is a freeze between this check and the request reaching the broker: it can deliver
     * the batch after the lease passed on and after the next relay looked for these rows on the topic,
     * which then publishes them again.
     * Consumers drop such repeats: the projector skips a pilot's event at or below the stream version
     * it has applied.
     */
    async send(client, producer, rows, token) {
        if ((await (0, outbox_rows_1.markOutboxRows)(client, rows, relay_lease_statements_1.OUTBOX_RELAY_LEASE, token)) < rows.length) {
            this.standDown('moved on before the batch was marked in flight');
            return 0;
        }
        if (!(0, relay_lease_1.leaseValidAt)(this.lease, performance.now(), this.leaseMs)) {
            this.standDown("ran out on this process's clock before the send");
            return 0;
        }
        // A send waiting on Kafka (a partition's leader being elected after a broker died) keeps the lease
        // renewed: a live relay is not replaced while its batch may still land, which the next holder's
        // look at the topic could miss. A frozen process renews nothing, so it is still replaced in time.
        await this.renewingWhile(client, producer.send({ topic: this.options.topic, acks: -1, messages: rows.map(outbox_rows_1.toKafkaMessage) }));
        // The delete carries the token too: a relay whose lease moved on changes nothing, and the rows
        // stay, marked, for the current holder to find on the topic.
        const deleted = await (0, outbox_rows_1.deleteOutboxRows)(client, rows, relay_lease_statements_1.OUTBOX_RELAY_LEASE, token);
        if (deleted === 0)
            this.standDown('moved on before its published rows were deleted');
        this.vacuum.deleted(deleted);
        this.options.onPublished?.(rows.length, new Date(rows[0].occurred_at));
        return rows.length;
    }
    /** Waits for `work`, renewing the lease on time meanwhile (renewing-while.ts). */
    renewingWhile(client, work) {
        return (0, renewing_while_1.renewingWhile)(work, () => (this.lease ? (0, relay_lease_1.renewalDueIn)(this.lease, performance.now(), this.leaseMs) : undefined), () => this.renewLease(client));
    }
    async databaseAlive() {
        try {
            await this.client?.query('select 1');
            return this.client !== undefined;
        }
        catch {
            return false;
        }
    }
    /** Lets a standby take over at its next try instead of after the lease runs out. */
    async releaseLease() {
        const lease = this.lease;
        this.lease = undefined;
        if (!lease || !this.client)
            return;
        await (0, relay_lease_statements_1.releaseLease)(this.client, relay_lease_statements_1.OUTBOX_RELAY_LEASE, lease.token).catch((err) => this.logger.warn(`relay: could not release lease token ${lease.token}: ${String(err)}`));
    }
    async resetDatabase() {
        const client = this.client;
        this.client = undefined;
        // Without its connection the relay cannot confirm the lease: it stands down, and takes the lease
        // anew (a new token) once connected again, unless another relay took it meanwhile.
        this.standDown('left with its database connection');
        await client?.end().catch(() => undefined);
    }
}
exports.OutboxRelay = OutboxRelay;
//# sourceMappingURL=outbox-relay.js.map