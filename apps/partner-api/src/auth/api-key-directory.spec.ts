import { hashApiKey } from '@pft/partners';
import { apiKeyPrefix } from '@pft/partners/domain';

import { type DataSource } from 'typeorm';
import { ApiKeyDirectory, type UsableKey } from './api-key-directory';
import { type PartnerApiConfig } from '../partner-api.config';

const KEY = 'pft_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
/** The same prefix, another secret: a guess at the key. */
const GUESS = 'pft_live_AbCdEfGhIjKlMnOpQrStUvWxYz012346';
const PREFIX = apiKeyPrefix(KEY);

const record = {
  keyId: 'k1',
  prefix: PREFIX,
  secretHash: hashApiKey(KEY),
  partnerId: 'p1',
  accountId: 'p1',
  sandbox: false,
  scopes: ['pilot-totals'],
  rateLimit: 600,
  createdAt: new Date(0),
  revokedAt: null,
};

/** The key's row as the api_keys query gives it. */
const row = (revokedAt: Date | null = null) => ({
  key_id: record.keyId,
  prefix: record.prefix,
  secret_hash: record.secretHash,
  partner_id: record.partnerId,
  account_id: record.accountId,
  scopes: record.scopes,
  rate_limit: record.rateLimit,
  created_at: record.createdAt,
  revoked_at: revokedAt,
});

/**
 * The directory's only use of the database is one query per read of a key; this one answers each
 * query when the test settles it, and counts them.
 */
class HeldQueries {
  readonly held: { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }[] = [];
  readonly dataSource = {
    query: () => new Promise<unknown[]>((resolve, reject) => this.held.push({ resolve, reject })),
  } as unknown as DataSource;

  answer(rows: unknown[]): void {
    const query = this.held.shift();
    if (!query) throw new Error('no query is waiting');
    query.resolve(rows);
  }

  fail(): void {
    this.held.shift()!.reject(new Error('connection lost'));
  }
}

function directory(cacheMs = 60_000, dataSource = {} as DataSource): ApiKeyDirectory {
  return new ApiKeyDirectory(dataSource, { PARTNER_API_KEY_CACHE_MS: cacheMs } as PartnerApiConfig);
}

/** A read of the key that began at `startedAt`, after `revisionBefore` was seen. */
const readAt = (startedAt: number, revisionBefore: string | null = 'r1'): UsableKey => ({
  record,
  revisionBefore,
  startedAt,
});

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('ApiKeyDirectory, remembered keys', () => {
  it('gives a remembered lookup to the key it was made for, again and again, and never to a guess', () => {
    const keys = directory();
    keys.remember(readAt(1_000), KEY, 'r1');
    expect(keys.remembered(PREFIX, KEY, 2_000)?.record).toBe(record);
    expect(keys.remembered(PREFIX, GUESS, 2_000)).toBeUndefined();
    expect(keys.remembered(PREFIX, KEY, 2_000)?.record).toBe(record);
    expect(keys.remembered(PREFIX, KEY.slice(0, -1), 2_000)).toBeUndefined();
  });

  it('checks a key against the hash when it is not the one it last matched', () => {
    const keys = directory();
    // Remembered under a key that was never checked: the hash decides.
    keys.remember(readAt(1_000), GUESS, 'r1');
    expect(keys.remembered(PREFIX, KEY, 2_000)?.record).toBe(record);
    expect(keys.remembered(PREFIX, GUESS, 2_000)).toBeUndefined();
  });

  it('forgets a lookup PARTNER_API_KEY_CACHE_MS after its read began, whatever the key', () => {
    const keys = directory(60_000);
    keys.remember(readAt(1_000, null), KEY, null);
    expect(keys.remembered(PREFIX, KEY, 60_999)).toBeDefined();
    expect(keys.remembered(PREFIX, KEY, 61_000)).toBeUndefined();
  });

  it('remembers a lookup as current only under the revision seen before its read began', () => {
    const keys = directory();
    keys.remember(readAt(1_000, 'r1'), KEY, 'r1');
    expect(keys.remembered(PREFIX, KEY, 2_000)?.revision).toBe('r1');
    // The request saw r2 with its count, but the read may have been made before that change.
    keys.remember(readAt(1_000, 'r1'), KEY, 'r2');
    expect(keys.remembered(PREFIX, KEY, 2_000)?.revision).toBeNull();
    keys.remember(readAt(1_000, null), KEY, null);
    expect(keys.remembered(PREFIX, KEY, 2_000)?.revision).toBeNull();
  });
});

describe('ApiKeyDirectory, reads of the database', () => {
  it('makes one read for the requests that need the same key at once, each checked against the hash', async () => {
    const queries = new HeldQueries();
    const keys = directory(60_000, queries.dataSource);
    keys.noteRevision('r7');
    const lookups = [keys.lookUp(PREFIX, KEY), keys.lookUp(PREFIX, GUESS), keys.lookUp(PREFIX, KEY)];
    expect(queries.held).toHaveLength(1);
    queries.answer([row()]);
    const [first, guess, third] = await Promise.all(lookups);
    expect(first).toMatchObject({ record, revisionBefore: 'r7' });
    expect(guess).toBeUndefined();
    expect(third?.record).toBe(first?.record);
    // The next request after it reads again.
    void keys.lookUp(PREFIX, KEY);
    expect(queries.held).toHaveLength(1);
  });

  it('does not join a read begun before the latest revision seen: the key may have changed before that revision', async () => {
    const queries = new HeldQueries();
    const keys = directory(60_000, queries.dataSource);
    keys.noteRevision('r1');
    // A read under way (a renewal, another request's) when a revocation is committed and announced.
    const before = keys.lookUp(PREFIX, KEY);
    keys.noteRevision('r2');
    const after = keys.lookUp(PREFIX, KEY);
    expect(queries.held).toHaveLength(2);
    // Later requests join the newer read, even once the older has answered.
    queries.answer([row()]);
    expect(await before).toMatchObject({ record, revisionBefore: 'r1' });
    const later = keys.lookUp(PREFIX, KEY);
    expect(queries.held).toHaveLength(1);
    queries.answer([row(new Date())]);
    expect(await after).toBeUndefined();
    expect(await later).toBeUndefined();
  });

  it('keeps the remembered key when a guess at its prefix is read, and forgets it when the key is revoked', async () => {
    const queries = new HeldQueries();
    const keys = directory(60_000, queries.dataSource);
    keys.remember(readAt(Date.now()), KEY, 'r1');
    const guessed = keys.lookUp(PREFIX, GUESS);
    queries.answer([row()]);
    expect(await guessed).toBeUndefined();
    expect(keys.remembered(PREFIX, KEY)).toBeDefined();

    const revoked = keys.lookUp(PREFIX, KEY);
    queries.answer([row(new Date())]);
    expect(await revoked).toBeUndefined();
    expect(keys.remembered(PREFIX, KEY)).toBeUndefined();
  });
});

describe('ApiKeyDirectory, renewing a lookup in use', () => {
  const LIFETIME = 60_000;

  it('reads the key again in the background once, past three quarters of its lifetime, and counts it from then', async () => {
    const queries = new HeldQueries();
    const keys = directory(LIFETIME, queries.dataSource);
    const loadedAt = Date.now() - 46_000;
    keys.remember(readAt(loadedAt), KEY, 'r1');
    keys.noteRevision('r1');

    expect(keys.remembered(PREFIX, KEY, loadedAt + 44_000)).toBeDefined();
    expect(queries.held).toHaveLength(0);
    // Past 45 s: given as it is, and read again meanwhile, by the first request only.
    expect(keys.remembered(PREFIX, KEY, loadedAt + 46_000)?.record).toBe(record);
    expect(keys.remembered(PREFIX, KEY, loadedAt + 47_000)?.record).toBe(record);
    expect(queries.held).toHaveLength(1);

    queries.answer([row()]);
    await settled();
    const renewed = keys.remembered(PREFIX, KEY, loadedAt + LIFETIME + 1_000);
    expect(renewed).toMatchObject({ revision: 'r1', renewing: false });
    expect(renewed!.loadedAt).toBeGreaterThanOrEqual(loadedAt + 46_000);
  });

  /** A lookup remembered 50 s ago, given to a request now: its renewal's read is under way. */
  function renewing(): { queries: HeldQueries; keys: ApiKeyDirectory; loadedAt: number } {
    const queries = new HeldQueries();
    const keys = directory(LIFETIME, queries.dataSource);
    const loadedAt = Date.now() - 50_000;
    keys.remember(readAt(loadedAt), KEY, 'r1');
    keys.remembered(PREFIX, KEY, loadedAt + 50_000);
    expect(queries.held).toHaveLength(1);
    return { queries, keys, loadedAt };
  }

  it('forgets the key when the renewing read finds it revoked', async () => {
    const { queries, keys, loadedAt } = renewing();
    queries.answer([row(new Date())]);
    await settled();
    expect(keys.remembered(PREFIX, KEY, loadedAt + 50_001)).toBeUndefined();
  });

  it('leaves a lookup whose renewal failed to end its lifetime, without reading it again meanwhile', async () => {
    const { queries, keys, loadedAt } = renewing();
    queries.fail();
    await settled();
    expect(keys.remembered(PREFIX, KEY, loadedAt + 59_999)?.record).toBe(record);
    expect(queries.held).toHaveLength(0);
    expect(keys.remembered(PREFIX, KEY, loadedAt + LIFETIME)).toBeUndefined();
  });

  it('does not renew a lookup remembered under no revision: the next request reads it anyway', () => {
    const queries = new HeldQueries();
    const keys = directory(LIFETIME, queries.dataSource);
    keys.remember(readAt(1_000, null), KEY, null);
    keys.remembered(PREFIX, KEY, 1_000 + 50_000);
    expect(queries.held).toHaveLength(0);
  });
});
