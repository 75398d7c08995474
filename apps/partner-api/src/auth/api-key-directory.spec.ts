import { hashApiKey } from '@pft/access/api-keys';
import { apiKeyPrefix } from '@pft/domain';
import { type AppConfig } from '@pft/platform';
import { type DataSource } from 'typeorm';
import { ApiKeyDirectory } from './api-key-directory';

const KEY = 'pft_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
/** The same prefix, another secret: a guess at the key. */
const GUESS = 'pft_live_AbCdEfGhIjKlMnOpQrStUvWxYz012346';

function directory(cacheMs = 60_000): ApiKeyDirectory {
  // Only what is remembered is used here: no database read.
  return new ApiKeyDirectory({} as DataSource, { PARTNER_API_KEY_CACHE_MS: cacheMs } as AppConfig);
}

const record = {
  keyId: 'k1',
  prefix: apiKeyPrefix(KEY),
  secretHash: hashApiKey(KEY),
  partnerId: 'p1',
  accountId: 'p1',
  sandbox: false,
  scopes: ['pilot-totals'],
  rateLimit: 600,
  createdAt: new Date(0),
  revokedAt: null,
};

describe('ApiKeyDirectory, remembered keys', () => {
  it('gives a remembered lookup to the key it was made for, again and again, and never to a guess', () => {
    const keys = directory();
    keys.remember(record, KEY, 'r1', 1_000);
    expect(keys.remembered(record.prefix, KEY, 2_000)?.record).toBe(record);
    expect(keys.remembered(record.prefix, GUESS, 2_000)).toBeUndefined();
    expect(keys.remembered(record.prefix, KEY, 2_000)?.record).toBe(record);
    expect(keys.remembered(record.prefix, KEY.slice(0, -1), 2_000)).toBeUndefined();
  });

  it('checks a key against the hash when it is not the one it last matched', () => {
    const keys = directory();
    // Remembered under a key that was never checked: the hash decides.
    keys.remember(record, GUESS, 'r1', 1_000);
    expect(keys.remembered(record.prefix, KEY, 2_000)?.record).toBe(record);
    expect(keys.remembered(record.prefix, GUESS, 2_000)).toBeUndefined();
  });

  it('forgets a lookup after PARTNER_API_KEY_CACHE_MS, whatever the key', () => {
    const keys = directory(60_000);
    keys.remember(record, KEY, 'r1', 1_000);
    expect(keys.remembered(record.prefix, KEY, 60_999)).toBeDefined();
    expect(keys.remembered(record.prefix, KEY, 61_000)).toBeUndefined();
  });
});
