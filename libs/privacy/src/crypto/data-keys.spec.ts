import { type Queryable } from '@pft/platform/database/queryable';
import { DataKeys, SubjectBeingErased } from './data-keys';
import { MasterKeyRing, DEVELOPMENT_MASTER_KEY } from './master-keys';
import { boxOpener, sealJson } from './sealed-json';

interface Row {
  key_id: string;
  subject_id: string;
  wrapped_key: Buffer;
  master_key_id: string;
}

/** The data_keys table in memory, answering the statements DataKeys sends; counts each statement. */
class FakeKeyTable implements Queryable {
  rows = new Map<string, Row>();
  statements = 0;
  erasing = new Set<string>();

  query(text: string, params: unknown[] = []): Promise<unknown> {
    this.statements++;
    const sql = text.replace(/\s+/g, ' ').trim();
    const all = [...this.rows.values()];
    if (sql.startsWith('select') && sql.includes('where subject_id = $1'))
      return Promise.resolve(all.filter((r) => r.subject_id === params[0]));
    if (sql.startsWith('select') && sql.includes('key_id = any'))
      return Promise.resolve(all.filter((r) => (params[0] as string[]).includes(r.key_id)));
    if (sql.startsWith('insert into data_keys')) {
      const [key_id, subject_id, wrapped_key, master_key_id] = params as [string, string, Buffer, string];
      if (this.erasing.has(subject_id))
        return Promise.reject(Object.assign(new Error('account being erased'), { code: 'PT410' }));
      if (all.some((r) => r.subject_id === subject_id)) return Promise.resolve([]);
      this.rows.set(key_id, { key_id, subject_id, wrapped_key, master_key_id });
      return Promise.resolve([{ key_id }]);
    }
    if (sql.includes('delete from data_keys')) {
      const gone = all.filter((r) => r.subject_id === params[0]);
      for (const r of gone) this.rows.delete(r.key_id);
      return Promise.resolve(gone.map((r) => ({ key_id: r.key_id })));
    }
    if (sql.startsWith('select') && sql.includes('master_key_id <> $1'))
      return Promise.resolve(all.filter((r) => r.master_key_id !== params[0]).slice(0, params[1] as number));
    if (sql.startsWith('update data_keys')) {
      const [ids, wrapped, masters] = params as [string[], Buffer[], string[]];
      ids.forEach((id, i) =>
        Object.assign(this.rows.get(id)!, { wrapped_key: wrapped[i], master_key_id: masters[i] }),
      );
      return Promise.resolve([]);
    }
    return Promise.reject(new Error(`unexpected statement: ${sql}`));
  }
}

const ring = () => MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY);

describe('DataKeys: per-pilot keys and their cache', () => {
  it('makes a pilot one key, kept wrapped in the table and unwrapped in memory', async () => {
    const table = new FakeKeyTable();
    const keys = new DataKeys(ring());
    const first = await keys.keyToSeal(table, 'pilot-a');
    const statements = table.statements;
    expect(await keys.keyToSeal(table, 'pilot-a')).toEqual(first);
    expect(table.statements).toBe(statements);
    const [row] = [...table.rows.values()];
    expect(row!.key_id).toBe(first.keyId);
    expect(row!.wrapped_key.includes(first.key)).toBe(false);
    expect((await keys.keyToSeal(table, 'pilot-b')).keyId).not.toBe(first.keyId);
  });

  it('reads the keys a batch needs in one statement, and remembers both found and destroyed ones', async () => {
    const table = new FakeKeyTable();
    const writer = new DataKeys(ring());
    const a = await writer.keyToSeal(table, 'pilot-a');
    const reader = new DataKeys(ring());
    const before = table.statements;
    await reader.load(table, [a.keyId, 'gone-key', a.keyId]);
    expect(table.statements).toBe(before + 1);
    expect(reader.loaded(a.keyId)).toEqual(a.key);
    expect(reader.loaded('gone-key')).toBeNull();
    expect(reader.loaded('never-asked')).toBeUndefined();
    await reader.load(table, [a.keyId, 'gone-key']);
    expect(table.statements).toBe(before + 1);
    // No UUID: no key of data_keys, whose ids are UUIDs; never sent to the database.
    await reader.load(table, ['no-uuid', `${a.keyId}x`]);
    expect(table.statements).toBe(before + 1);
    expect(reader.loaded('no-uuid')).toBeNull();
  });

  it('after destroy, the pilot reads as gone and comes back with a new key', async () => {
    const table = new FakeKeyTable();
    const keys = new DataKeys(ring());
    const old = await keys.keyToSeal(table, 'pilot-a');
    const box = sealJson({ remarks: 'first solo' }, old, 'aad');
    const opener = boxOpener(keys, table);
    await opener.load([box.key_id]);
    expect(await opener.openMany([{ box, aad: 'aad' }])).toEqual([{ remarks: 'first solo' }]);
    expect(await keys.destroy(table, 'pilot-a')).toEqual([old.keyId]);
    expect(await opener.openMany([{ box, aad: 'aad' }])).toEqual([null]);
    // Another reader, fresh: the key is not in the table any more.
    const fresh = new DataKeys(ring());
    await boxOpener(fresh, table).load([box.key_id]);
    expect(await boxOpener(fresh, table).openMany([{ box, aad: 'aad' }])).toEqual([null]);
    const again = await keys.keyToSeal(table, 'pilot-a');
    expect(again.keyId).not.toBe(old.keyId);
  });

  it('forgetSubject drops what a reader remembered of a pilot erased elsewhere, and says so', async () => {
    const table = new FakeKeyTable();
    const keys = new DataKeys(ring());
    const told: string[] = [];
    keys.onForgotten((subject) => told.push(subject));
    const k = await keys.keyToSeal(table, 'pilot-a');
    keys.forgetSubject('pilot-a');
    expect(keys.loaded(k.keyId)).toBeNull();
    await keys.destroy(table, 'pilot-b');
    expect(told).toEqual(['pilot-a', 'pilot-b']);
  });

  it('gives a loaded key with its subject and how much longer memory keeps it', async () => {
    let now = 1;
    const table = new FakeKeyTable();
    const keys = new DataKeys(ring(), { ttlMs: 1000, now: () => now });
    const k = await new DataKeys(ring()).keyToSeal(table, 'pilot-a');
    expect(keys.loadedEntry(k.keyId)).toBeUndefined();
    await keys.load(table, [k.keyId, 'gone-key']);
    now = 401;
    expect(keys.loadedEntry(k.keyId)).toEqual({ key: k.key, subject: 'pilot-a', keptForMs: 600 });
    expect(keys.loadedEntry('gone-key')).toBeNull();
  });

  it('uses a key no longer than confirmMs after its row was read: a key destroyed elsewhere reads as gone then', async () => {
    let now = 1;
    const table = new FakeKeyTable();
    const k = await new DataKeys(ring()).keyToSeal(table, 'pilot-a');
    const other = await new DataKeys(ring()).keyToSeal(table, 'pilot-b');
    const reader = new DataKeys(ring(), { confirmMs: 10_000, now: () => now });
    const told: string[] = [];
    reader.onForgotten((subject) => told.push(subject));
    await reader.load(table, [k.keyId, other.keyId]);
    // Erased by another process: its key row deleted, this reader not told.
    table.rows.delete(k.keyId);
    now = 9_000;
    const statements = table.statements;
    await reader.load(table, [k.keyId, other.keyId]);
    expect(table.statements).toBe(statements);
    expect(reader.loadedEntry(k.keyId)).toMatchObject({ keptForMs: 1_001 });
    now = 10_001;
    await reader.load(table, [k.keyId, other.keyId]);
    expect(table.statements).toBe(statements + 1);
    expect(reader.loaded(k.keyId)).toBeNull();
    expect(told).toEqual(['pilot-a']);
    // The other key's row is there: confirmed again, for another confirmMs.
    expect(reader.loaded(other.keyId)).toEqual(other.key);
    now = 20_000;
    await reader.load(table, [k.keyId, other.keyId]);
    expect(table.statements).toBe(statements + 1);
    expect(reader.loadedEntry(other.keyId)).toMatchObject({ keptForMs: 1 });
  });

  it('keeps the newer key of a pilot who came back when it finds the old one gone', async () => {
    let now = 1;
    const table = new FakeKeyTable();
    const writer = new DataKeys(ring());
    const old = await writer.keyToSeal(table, 'pilot-a');
    const reader = new DataKeys(ring(), { confirmMs: 10_000, now: () => now });
    await reader.load(table, [old.keyId]);
    await writer.destroy(table, 'pilot-a');
    const back = await writer.keyToSeal(table, 'pilot-a');
    now = 5_000;
    await reader.load(table, [back.keyId]);
    now = 12_000;
    await reader.load(table, [old.keyId]);
    expect(reader.loaded(old.keyId)).toBeNull();
    expect(reader.loaded(back.keyId)).toEqual(back.key);
  });

  it('confirm reads the rows again however recently read, and names the keys gone', async () => {
    const table = new FakeKeyTable();
    const k = await new DataKeys(ring()).keyToSeal(table, 'pilot-a');
    const other = await new DataKeys(ring()).keyToSeal(table, 'pilot-b');
    const reader = new DataKeys(ring());
    await reader.load(table, [k.keyId, other.keyId]);
    table.rows.delete(k.keyId);
    const statements = table.statements;
    expect(await reader.confirm(table, [k.keyId, other.keyId])).toEqual(new Set([k.keyId]));
    expect(table.statements).toBe(statements + 1);
    expect(reader.loaded(other.keyId)).toEqual(other.key);
  });

  it('lets unwrapped keys expire after their time to live', async () => {
    let now = 1;
    const table = new FakeKeyTable();
    const keys = new DataKeys(ring(), { ttlMs: 1000, now: () => now });
    const k = await keys.keyToSeal(table, 'pilot-a');
    await keys.load(table, [k.keyId]);
    expect(keys.loaded(k.keyId)).toEqual(k.key);
    now = 1501;
    expect(keys.loaded(k.keyId)).toBeUndefined();
  });

  it('refuses a new key while the pilot’s erasure is under way', async () => {
    const table = new FakeKeyTable();
    table.erasing.add('pilot-a');
    await expect(new DataKeys(ring()).keyToSeal(table, 'pilot-a')).rejects.toBeInstanceOf(SubjectBeingErased);
  });

  it('rewraps every key with the current master key after a rotation', async () => {
    const table = new FakeKeyTable();
    const old = new DataKeys(ring());
    const k = await old.keyToSeal(table, 'pilot-a');
    const other = Buffer.alloc(32, 9).toString('base64');
    const rotated = new DataKeys(MasterKeyRing.fromBase64(other, [DEVELOPMENT_MASTER_KEY]));
    expect(await rotated.rewrapAll(table)).toBe(1);
    expect(await rotated.rewrapAll(table)).toBe(0);
    const onlyNew = new DataKeys(MasterKeyRing.fromBase64(other));
    await onlyNew.load(table, [k.keyId]);
    expect(onlyNew.loaded(k.keyId)).toEqual(k.key);
  });
});
