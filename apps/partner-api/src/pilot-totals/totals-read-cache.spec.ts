import { computeTotals } from '@pft/domain';
import { type AppConfig } from '@pft/platform';
import { type KeptAnswer, type PilotTotalsDatabase, type StoredAnswer } from './pilot-totals.database';
import { PilotTotalsView } from './pilot-totals.view';
import { KEPT_ANSWER_MAX_AGE_MS, SWEEP_SLICE, TotalsReadCache } from './totals-read-cache';

/**
 * The cache over a stand-in of its database access that answers every id as projected and unchanged,
 * recording the ids of each full read (`asked`) and each check (`checked`).
 */
function cacheOverCountedDatabase(cacheMs = 1000): {
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
      return Promise.resolve({ held: pilotIds.map((id) => kept.get(id)!), changed: [] });
    },
  } as unknown as PilotTotalsDatabase;
  const config = { PARTNER_TOTALS_CACHE_MS: cacheMs } as AppConfig;
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
