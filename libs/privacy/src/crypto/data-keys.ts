import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { newDataKey } from './aes-gcm';
import { SubjectBeingErased } from '../domain/errors';
import { type MasterKeyRing } from './master-keys';

export { SubjectBeingErased } from '../domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A subject's data key, unwrapped. */
export interface DataKey {
  keyId: string;
  key: Buffer;
}

interface KeyRow {
  key_id: string;
  subject_id: string;
  wrapped_key: Buffer;
  master_key_id: string;
}

/**
 * How long a key read from `data_keys` is used before `load` reads its row again: an erasure elsewhere
 * (its key row deleted) stops every reader opening the subject's data this long after it at the latest,
 * well within the minute the erasure promises, however it was missed.
 */
export const DATA_KEY_CONFIRM_MS = 10_000;

export interface DataKeysOptions {
  /** Unwrapped keys kept in memory (default 10,000: 32 bytes each). */
  max?: number;
  /** How long an unwrapped key is kept in memory, used or not (default 5 minutes). */
  ttlMs?: number;
  /**
   * How long a key is used after its row was last read (DATA_KEY_CONFIRM_MS by default): `load` reads
   * the rows of older ones again, in the same statement as the missing ones.
   */
  confirmMs?: number;
  /** The clock of the time to live (tests). */
  now?: () => number;
}

/**
 * Per-subject data keys (one per pilot account), kept in `data_keys` apart from the data they seal,
 * each wrapped by the master key. Destroying a subject's key makes everything sealed with it unreadable
 * (crypto-shredding); a subject that comes back gets a new key with a new id.
 */
export class DataKeys {
  /**
   * By key id, with when its row was last read (`confirmedAt`, the time the statement was sent); gone:
   * the key is destroyed (ids are never reused, so it stays gone).
   */
  private readonly byId: LRUCache<
    string,
    { key: Buffer; subject: string; confirmedAt: number } | { gone: true }
  >;
  /** By subject: the key writers seal with. */
  private readonly bySubject: LRUCache<string, DataKey>;
  /** Told of each subject forgotten (forgetSubject), for as long as this lives. */
  private readonly forgotten: ((subject: string) => void)[] = [];

  private readonly confirmMs: number;
  private readonly now: () => number;

  constructor(
    readonly masters: MasterKeyRing,
    options: DataKeysOptions = {},
  ) {
    this.confirmMs = options.confirmMs ?? DATA_KEY_CONFIRM_MS;
    this.now = options.now ?? (() => performance.now());
    const max = options.max ?? 10_000;
    const ttl = options.ttlMs ?? 5 * 60_000;
    // With a clock of its own (tests), read at every look-up rather than cached for a millisecond.
    const perf = options.now ? { now: options.now } : undefined;
    this.byId = new LRUCache({ max, ttl, ...(perf ? { perf, ttlResolution: 0 } : {}) });
    this.bySubject = new LRUCache({ max, ttl, ...(perf ? { perf, ttlResolution: 0 } : {}) });
  }

  /**
   * The key to seal a subject's data with, made when it has none, in the caller's transaction. A key
   * served from memory may have been destroyed since: the append checks it in its own statement
   * (`require_data_key`) and the caller asks again after `forgetSubject`.
   */
  async keyToSeal(runner: Queryable, subject: string): Promise<DataKey> {
    const known = this.bySubject.get(subject);
    if (known) return known;
    const readAt = this.now();
    const row = (await this.currentRow(runner, subject)) ?? (await this.create(runner, subject));
    const key = this.remember(row, readAt);
    const dataKey = { keyId: row.key_id, key };
    this.bySubject.set(subject, dataKey);
    return dataKey;
  }

  /**
   * Reads into memory, in one statement, the keys of `keyIds` it does not hold, and the rows again of
   * those it holds that were last read more than `confirmMs` ago: a key whose row is gone (an erasure
   * in another process) is held as destroyed, and those told of forgotten subjects (onForgotten) are
   * told of its subject, so no reader here opens with it again. An id that is no UUID names no key (`data_keys` holds none): it reads as destroyed, never
   * sent to the database.
   */
  async load(runner: Queryable, keyIds: Iterable<string>): Promise<void> {
    await this.read(runner, keyIds, false);
  }

  /**
   * Reads the rows of `keyIds` now, however recently they were read, as `load` reads them: for a reader
   * that must not open with a key destroyed a moment ago. The ids of those destroyed.
   */
  async confirm(runner: Queryable, keyIds: Iterable<string>): Promise<Set<string>> {
    const ids = new Set(keyIds);
    await this.read(runner, ids, true);
    return new Set([...ids].filter((id) => this.loaded(id) === null));
  }

  private async read(runner: Queryable, keyIds: Iterable<string>, always: boolean): Promise<void> {
    const asked: string[] = [];
    const now = this.now();
    for (const id of new Set(keyIds)) {
      const entry = this.byId.get(id);
      const fresh =
        entry !== undefined && !('gone' in entry) && !always && now - entry.confirmedAt < this.confirmMs;
      if (entry !== undefined && ('gone' in entry || fresh)) continue;
      if (UUID.test(id)) asked.push(id);
      else this.byId.set(id, { gone: true });
    }
    if (asked.length === 0) return;
    const rows = rowsOf<KeyRow>(
      await runner.query(
        `select key_id::text as key_id, subject_id::text as subject_id, wrapped_key, master_key_id
           from data_keys where key_id = any($1::uuid[])`,
        [asked],
      ),
    );
    const found = new Set(rows.map((row) => row.key_id));
    for (const id of asked) {
      if (found.has(id)) continue;
      const held = this.byId.get(id);
      this.byId.set(id, { gone: true });
      if (held === undefined || 'gone' in held) continue;
      // Only this key is gone: a subject that came back has a newer one, which stays. Whoever holds
      // copies of the subject's keys drops them all and asks again.
      if (this.bySubject.get(held.subject)?.keyId === id) this.bySubject.delete(held.subject);
      for (const listener of this.forgotten) listener(held.subject);
    }
    for (const row of rows) {
      const held = this.byId.get(row.key_id);
      // Held still: confirmed, not unwrapped again.
      if (held !== undefined && !('gone' in held)) held.confirmedAt = now;
      else this.remember(row, now);
    }
  }

  /** The key of `keyId` after `load`: null when it was destroyed, undefined when not loaded. */
  loaded(keyId: string): Buffer | null | undefined {
    const entry = this.byId.get(keyId);
    if (entry === undefined) return undefined;
    return 'gone' in entry ? null : entry.key;
  }

  /**
   * The key of `keyId` after `load`, with its subject and how much longer it may be used before its row
   * is read again (what a copy of it may be kept for): null when it was destroyed, undefined when not
   * loaded.
   */
  loadedEntry(keyId: string): { key: Buffer; subject: string; keptForMs: number } | null | undefined {
    const entry = this.byId.get(keyId);
    if (entry === undefined) return undefined;
    if ('gone' in entry) return null;
    const confirmedFor = entry.confirmedAt + this.confirmMs - this.now();
    const keptForMs = Math.max(0, Math.min(this.byId.getRemainingTTL(keyId), confirmedFor));
    return { key: entry.key, subject: entry.subject, keptForMs };
  }

  /** Drops what memory holds of the subject's keys (after an erasure, or a key found gone). */
  forgetSubject(subject: string): void {
    this.bySubject.delete(subject);
    for (const [id, entry] of this.byId.entries()) {
      if (!('gone' in entry) && entry.subject === subject) this.byId.set(id, { gone: true });
    }
    for (const listener of this.forgotten) listener(subject);
  }

  /** Tells `listener` of every subject forgotten from now on: whoever holds copies of its keys drops them. */
  onForgotten(listener: (subject: string) => void): void {
    this.forgotten.push(listener);
  }

  /** Destroys every key of the subject; what was sealed with them can no longer be read. */
  async destroy(runner: Queryable, subject: string): Promise<string[]> {
    const rows = rowsOf<{ key_id: string }>(
      // Wrapped in a select: TypeORM answers a bare DELETE with [rows, count], pg with a result.
      await runner.query(
        `with gone as (delete from data_keys where subject_id = $1 returning key_id::text as key_id) select * from gone`,
        [subject],
      ),
    );
    this.forgetSubject(subject);
    return rows.map((r) => r.key_id);
  }

  /**
   * Wraps again, with the current master key, every data key wrapped by another one; returns how many.
   * In batches of `batchSize`, each its own statement, so a rotation can be stopped and run again.
   */
  async rewrapAll(runner: Queryable, onBatch?: (done: number) => void, batchSize = 500): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = rowsOf<KeyRow>(
        await runner.query(
          `select key_id::text as key_id, subject_id::text as subject_id, wrapped_key, master_key_id
             from data_keys where master_key_id <> $1 order by key_id limit $2`,
          [this.masters.current.id, batchSize],
        ),
      );
      if (rows.length === 0) return done;
      const rewrapped = rows.map((row) => {
        const key = this.masters.unwrap(row.wrapped_key, row.master_key_id, row.key_id, row.subject_id);
        return { keyId: row.key_id, ...this.masters.wrap(key, row.key_id, row.subject_id) };
      });
      await runner.query(
        `update data_keys d set wrapped_key = u.wrapped_key, master_key_id = u.master_key_id
           from unnest($1::uuid[], $2::bytea[], $3::text[]) as u (key_id, wrapped_key, master_key_id)
          where d.key_id = u.key_id`,
        [rewrapped.map((r) => r.keyId), rewrapped.map((r) => r.wrapped), rewrapped.map((r) => r.masterKeyId)],
      );
      done += rows.length;
      onBatch?.(done);
    }
  }

  private remember(row: KeyRow, confirmedAt: number): Buffer {
    const key = this.masters.unwrap(row.wrapped_key, row.master_key_id, row.key_id, row.subject_id);
    this.byId.set(row.key_id, { key, subject: row.subject_id, confirmedAt });
    return key;
  }

  private async currentRow(runner: Queryable, subject: string): Promise<KeyRow | undefined> {
    return rowsOf<KeyRow>(
      await runner.query(
        `select key_id::text as key_id, subject_id::text as subject_id, wrapped_key, master_key_id
           from data_keys where subject_id = $1`,
        [subject],
      ),
    )[0];
  }

  private async create(runner: Queryable, subject: string): Promise<KeyRow> {
    const keyId = randomUUID();
    const { wrapped, masterKeyId } = this.masters.wrap(newDataKey(), keyId, subject);
    const inserted = rowsOf<{ key_id: string }>(
      await runner
        .query(
          `insert into data_keys (key_id, subject_id, wrapped_key, master_key_id) values ($1, $2, $3, $4)
           on conflict (subject_id) do nothing returning key_id::text as key_id`,
          [keyId, subject, wrapped, masterKeyId],
        )
        .catch((err: unknown) => {
          if ((err as { code?: unknown }).code === 'PT410') throw new SubjectBeingErased(subject);
          throw err;
        }),
    );
    if (inserted.length > 0)
      return { key_id: keyId, subject_id: subject, wrapped_key: wrapped, master_key_id: masterKeyId };
    // Another writer made the subject's key first.
    const row = await this.currentRow(runner, subject);
    if (!row) throw new Error(`data key of ${subject} could not be made`);
    return row;
  }
}
