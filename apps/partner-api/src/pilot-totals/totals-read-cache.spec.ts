import { computeTotals } from '@pft/totals/domain';

import { type KeptAnswer, type PilotTotalsDatabase, type StoredAnswer } from './pilot-totals.database';
import { PilotTotalsView } from './pilot-totals.view';
import { KEPT_ANSWER_MAX_AGE_MS, SWEEP_SLICE, TotalsReadCache } from './totals-read-cache';
import { type PartnerApiConfig } from '../partner-api.config';

/**
 * The cache over a stand-in of its database access that answers every id as projected and unchanged,
 * recording the ids of each full read (`asked`) and each check (`checked`); its first `failingChecks`
 * checks fail.
 */
function cacheOverCountedDatabase(
  cacheMs = 1000,
  failingChecks = 0,
): {
  cache: TotalsReadCache;
  asked: string[][];
  checked: string[][];
} {
  const asked: string[][] = [];
  const checked: string[][] = [];
  const answer = (pilotId: string): StoredAnswer => ({
    view: PilotTotalsView.of(pilotId, '2026-11-01T00:00:00.000Z', computeTotals([], null)),
    versions: { stream: 3, projection: 1 },
  });
  const database = {
    read: (_partnerId: string, pilotIds: readonly string[]) => {
      asked.push([...pilotIds]);
      return Promise.resolve(pilotIds.map(answer));
    },
    check: (_partnerId: string, pilotIds: readonly string[], kept: ReadonlyMap<string, KeptAnswer>) => {
      checked.push([...pilotIds]);
      if (checked.length <= failingChecks) return Promise.reject(new Error('connection terminated'));
      return Promise.resolve({ held: pilotIds.map((id) => kept.get(id)!), changed: [] });
    },
  } as unknown as PilotTotalsDatabase;
  const config = { PARTNER_TOTALS_CACHE_MS: cacheMs } as PartnerApiConfig;
  return { cache: new TotalsReadCache(config, database), asked, checked };
}

describe('TotalsReadCache: the sweep of old answers', () => {
  it('sweeps many old answers a slice per turn of the event loop, so no request waits for all of them', async () => {
    const { cache, asked, checked } = cacheOverCountedDatabase();
    const ids = Array.from({ length: 2 * SWEEP_SLICE + 500 }, (_, i) => `p${i}`);
    const now = Date.now();
    await cache.read('partner', ids, '5', now);
    const later = now + KEPT_ANSWER_MAX_AGE_MS + 1;
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

    // One slice now: the rest are still kept, so checked rather than read in full.
    cache.sweep(later);
    await cache.read('partner', ids, '6', later);
    expect(checked.at(-1)).toHaveLength(ids.length - SWEEP_SLICE);
    expect(asked.at(-1)).toHaveLength(SWEEP_SLICE);

    // All of them, over the turns after the sweep began.
    cache.sweep(later + KEPT_ANSWER_MAX_AGE_MS + 1);
    const checks = checked.length;
    for (let slice = 0; slice < 3; slice++) await turn();
    await cache.read('partner', ids, '7', later);
    expect(checked).toHaveLength(checks);
    expect(asked.at(-1)).toEqual(ids);
  });

  it('sweeps on a timer from the module’s start to its stop, and not at all with the cache off', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const { cache, asked, checked } = cacheOverCountedDatabase();
      cache.onModuleInit();
      await cache.read('partner', ['p1'], '5', Date.now());
      jest.advanceTimersByTime(KEPT_ANSWER_MAX_AGE_MS - 60_000);
      await cache.read('partner', ['p1'], '6', Date.now());
      expect(checked).toEqual([['p1']]);
      jest.advanceTimersByTime(KEPT_ANSWER_MAX_AGE_MS + 60_000);
      await cache.read('partner', ['p1'], '7', Date.now());
      expect(checked).toEqual([['p1']]);
      expect(asked).toEqual([['p1'], ['p1']]);
      cache.onModuleDestroy();
      expect(jest.getTimerCount()).toBe(0);
      cacheOverCountedDatabase(0).cache.onModuleInit();
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('TotalsReadCache: answers in use renewed before their lifetime ends', () => {
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  it('checks an answer given from memory past three quarters of its lifetime in the background, once, and keeps it anew', async () => {
    const { cache, asked, checked } = cacheOverCountedDatabase(1000);
    const t0 = Date.now();
    await cache.read('partner', ['p1'], '5', t0);
    expect(asked).toEqual([['p1']]);

    expect(cache.remembered('partner', 'p1', '5', t0 + 700)).toBeDefined();
    expect(checked).toEqual([]);
    // Given at once from memory; its check begins beside it, and the next request begins none.
    expect(cache.remembered('partner', 'p1', '5', t0 + 800)?.pilot_id).toBe('p1');
    expect(cache.remembered('partner', 'p1', '5', t0 + 850)?.pilot_id).toBe('p1');
    expect(checked).toEqual([['p1']]);
    await turn();

    // Kept anew as read at t0 + 800: past the first lifetime, it still counts, and no request waited.
    expect(cache.remembered('partner', 'p1', '5', t0 + 1500)?.pilot_id).toBe('p1');
    expect(checked).toEqual([['p1']]);
    expect(asked).toEqual([['p1']]);
    // Never for another partner, nor under another revision.
    expect(cache.remembered('other', 'p1', '5', t0 + 1500)).toBeUndefined();
    expect(cache.remembered('partner', 'p1', '6', t0 + 1500)).toBeUndefined();
  });

  it('renews a batch of answers from memory with one check of those due', async () => {
    const { cache, checked } = cacheOverCountedDatabase(1000);
    const t0 = Date.now();
    await cache.read('partner', ['p1', 'p2'], '5', t0);
    await cache.read('partner', ['p3'], '5', t0 + 500);
    const entries = ['p1', 'p2', 'p3', 'p4'].map((id) => cache.rememberedEntry('partner', id, '5', t0 + 900));
    expect(entries.map((entry) => entry?.view.pilot_id)).toEqual(['p1', 'p2', 'p3', undefined]);
    cache.renewDue('partner', entries, '5', t0 + 900);
    cache.renewDue('partner', entries, '5', t0 + 950);
    expect(checked).toEqual([['p1', 'p2']]);
    await turn();
    expect(cache.rememberedEntry('partner', 'p1', '5', t0 + 1600)).toBeDefined();
    expect(cache.rememberedEntry('partner', 'p3', '5', t0 + 1600)).toBeUndefined();
  });

  it('leaves an answer whose renewal failed to end its lifetime, then to be checked by the request that finds it so', async () => {
    const { cache, checked } = cacheOverCountedDatabase(1000, 1);
    const t0 = Date.now();
    await cache.read('partner', ['p1'], '5', t0);
    expect(cache.remembered('partner', 'p1', '5', t0 + 800)).toBeDefined();
    await turn();
    expect(checked).toEqual([['p1']]);
    // The failed renewal kept nothing anew, and begins no other.
    expect(cache.remembered('partner', 'p1', '5', t0 + 900)).toBeDefined();
    expect(checked).toHaveLength(1);
    expect(cache.remembered('partner', 'p1', '5', t0 + 1000)).toBeUndefined();
    const [again] = await cache.read('partner', ['p1'], '5', t0 + 1000);
    expect(again?.view.pilot_id).toBe('p1');
    expect(checked).toEqual([['p1'], ['p1']]);
  });
});
