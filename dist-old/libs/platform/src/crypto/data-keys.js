"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DataKeys = exports.SubjectBeingErased = void 0;
const node_crypto_1 = require("node:crypto");
const lru_cache_1 = require("lru-cache");
const rows_of_1 = require("../database/rows-of");
const aes_gcm_1 = require("./aes-gcm");
/** No key can be made for the subject now: its erasure is under way (answered 410 ACCOUNT_ERASED). */
class SubjectBeingErased extends Error {
    subject;
    constructor(subject) {
        super(`account ${subject} is being erased`);
        this.subject = subject;
        this.name = 'SubjectBeingErased';
    }
}
exports.SubjectBeingErased = SubjectBeingErased;
/**
 * Per-subject data keys (one per pilot account), kept in `data_keys` apart from the data they seal,
 * each wrapped by the master key. Destroying a subject's key makes everything sealed with it unreadable
 * (crypto-shredding); a subject that comes back gets a new key with a new id.
 */
class DataKeys {
    masters;
    /** By key id; null: the key is gone (ids are never reused, so it stays gone). */
    byId;
    /** By subject: the key writers seal with. */
    bySubject;
    constructor(masters, options = {}) {
        this.masters = masters;
        const max = options.max ?? 10_000;
        const ttl = options.ttlMs ?? 5 * 60_000;
        // With a clock of its own (tests), read at every look-up rather than cached for a millisecond.
        const perf = options.now ? { now: options.now } : undefined;
        this.byId = new lru_cache_1.LRUCache({ max, ttl, ...(perf ? { perf, ttlResolution: 0 } : {}) });
        this.bySubject = new lru_cache_1.LRUCache({ max, ttl, ...(perf ? { perf, ttlResolution: 0 } : {}) });
    }
    /**
     * The key to seal a subject's data with, made when it has none, in the caller's transaction. A key
     * served from memory may have been destroyed since: the append checks it in its own statement
     * (`require_data_key`) and the caller asks again after `forgetSubject`.
     */
    async keyToSeal(runner, subject) {
        const known = this.bySubject.get(subject);
        if (known)
            return known;
        const row = (await this.currentRow(runner, subject)) ?? (await this.create(runner, subject));
        const key = this.remember(row);
        const dataKey = { keyId: row.key_id, key };
        this.bySubject.set(subject, dataKey);
        return dataKey;
    }
    /** Reads the keys of `keyIds` not in memory into it, in one statement. */
    async load(runner, keyIds) {
        const missing = [...new Set(keyIds)].filter((id) => !this.byId.has(id));
        if (missing.length === 0)
            return;
        const rows = (0, rows_of_1.rowsOf)(await runner.query(`select key_id::text as key_id, subject_id::text as subject_id, wrapped_key, master_key_id
           from data_keys where key_id = any($1::uuid[])`, [missing]));
        for (const row of rows)
            this.remember(row);
        for (const id of missing)
            if (!this.byId.has(id))
                this.byId.set(id, { gone: true });
    }
    /** The key of `keyId` after `load`: null when it was destroyed, undefined when not loaded. */
    loaded(keyId) {
        const entry = this.byId.get(keyId);
        if (entry === undefined)
            return undefined;
        return 'gone' in entry ? null : entry.key;
    }
    /** Drops what memory holds of the subject's keys (after an erasure, or a key found gone). */
    forgetSubject(subject) {
        this.bySubject.delete(subject);
        for (const [id, entry] of this.byId.entries()) {
            if (!('gone' in entry) && entry.subject === subject)
                this.byId.set(id, { gone: true });
        }
    }
    /** Destroys every key of the subject; what was sealed with them can no longer be read. */
    async destroy(runner, subject) {
        const rows = (0, rows_of_1.rowsOf)(
        // Wrapped in a select: TypeORM answers a bare DELETE with [rows, count], pg with a result.
        await runner.query(`with gone as (delete from data_keys where subject_id = $1 returning key_id::text as key_id) select * from gone`, [subject]));
        this.forgetSubject(subject);
        return rows.map((r) => r.key_id);
    }
    /**
     * Wraps again, with the current master key, every data key wrapped by another one; returns how many.
     * In batches of `batchSize`, each its own statement, so a rotation can be stopped and run again.
     */
    async rewrapAll(runner, onBatch, batchSize = 500) {
        let done = 0;
        for (;;) {
            const rows = (0, rows_of_1.rowsOf)(await runner.query(`select key_id::text as key_id, subject_id::text as subject_id, wrapped_key, master_key_id
             from data_keys where master_key_id <> $1 order by key_id limit $2`, [this.masters.current.id, batchSize]));
            if (rows.length === 0)
                return done;
            const rewrapped = rows.map((row) => {
                const key = this.masters.unwrap(row.wrapped_key, row.master_key_id, row.key_id, row.subject_id);
                return { keyId: row.key_id, ...this.masters.wrap(key, row.key_id, row.subject_id) };
            });
            await runner.query(`update data_keys d set wrapped_key = u.wrapped_key, master_key_id = u.master_key_id
           from unnest($1::uuid[], $2::bytea[], $3::text[]) as u (key_id, wrapped_key, master_key_id)
          where d.key_id = u.key_id`, [rewrapped.map((r) => r.keyId), rewrapped.map((r) => r.wrapped), rewrapped.map((r) => r.masterKeyId)]);
            done += rows.length;
            onBatch?.(done);
        }
    }
    remember(row) {
        const key = this.masters.unwrap(row.wrapped_key, row.master_key_id, row.key_id, row.subject_id);
        this.byId.set(row.key_id, { key, subject: row.subject_id });
        return key;
    }
    async currentRow(runner, subject) {
        return (0, rows_of_1.rowsOf)(await runner.query(`select key_id::text as key_id, subject_id::text as subject_id, wrapped_key, master_key_id
           from data_keys where subject_id = $1`, [subject]))[0];
    }
    async create(runner, subject) {
        const keyId = (0, node_crypto_1.randomUUID)();
        const { wrapped, masterKeyId } = this.masters.wrap((0, aes_gcm_1.newDataKey)(), keyId, subject);
        const inserted = (0, rows_of_1.rowsOf)(await runner
            .query(`insert into data_keys (key_id, subject_id, wrapped_key, master_key_id) values ($1, $2, $3, $4)
           on conflict (subject_id) do nothing returning key_id::text as key_id`, [keyId, subject, wrapped, masterKeyId])
            .catch((err) => {
            if (err.code === 'PT410')
                throw new SubjectBeingErased(subject);
            throw err;
        }));
        if (inserted.length > 0)
            return { key_id: keyId, subject_id: subject, wrapped_key: wrapped, master_key_id: masterKeyId };
        // Another writer made the subject's key first.
        const row = await this.currentRow(runner, subject);
        if (!row)
            throw new Error(`data key of ${subject} could not be made`);
        return row;
    }
}
exports.DataKeys = DataKeys;
//# sourceMappingURL=data-keys.js.map