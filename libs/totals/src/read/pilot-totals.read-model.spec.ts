import { computeTotals } from '@pft/totals/domain';
import { type KeptAnswer, PilotTotalsDatabase, type StoredAnswer } from './pilot-totals.database';
import { PilotTotalsReadModel } from './pilot-totals.read-model';
import { PilotTotalsView } from './pilot-totals.view';
import { KEPT_ANSWER_MAX_AGE_MS, SWEEP_SLICE, TotalsReadCache } from './totals-read-cache';

/**
 * The read model and its cache over a stand-in of the database access that answers every id as
 * projected and unchanged, recording the ids of each full read (`asked`) and each check (`checked`);
 * its first `failingChecks` checks fail.
 */
function readModelOverCountedDatabase(
  cacheMs = 1000,
  failingChecks = 0,
): {
  model: PilotTotalsReadModel;
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
    // The real split of kept answers (checked) and the others (read in full).
    answers: PilotTotalsDatabase.prototype.answers,
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
  const cache = new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: cacheMs });
  return { model: new PilotTotalsReadModel(cache, database), cache, asked, checked };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PilotTotalsReadModel: the sweep of old answers', () => {
  it('sweeps many old answers a slice per turn of the event loop, so no request waits for all of them', async () => {
    const { model, cache, asked, checked } = readModelOverCountedDatabase();
    const ids = Array.from({ length: 2 * SWEEP_SLICE + 500 }, (_, i) => `p${i}`);
    const now = Date.now();
    await model.pilots('partner', ids, '5', undefined, now);
    const later = now + KEPT_ANSWER_MAX_AGE_MS + 1;

    // One slice now: the rest are still kept, so checked rather than read in full.
    cache.sweep(later);
    await model.pilots('partner', ids, '6', undefined, later);
    expect(checked.at(-1)).toHaveLength(ids.length - SWEEP_SLICE);
    expect(asked.at(-1)).toHaveLength(SWEEP_SLICE);

    // All of them, over the turns after the sweep began.
    cache.sweep(later + KEPT_ANSWER_MAX_AGE_MS + 1);
    const checks = checked.length;
    for (let slice = 0; slice < 3; slice++) await turn();
    await model.pilots('partner', ids, '7', undefined, later);
    expect(checked).toHaveLength(checks);
    expect(asked.at(-1)).toEqual(ids);
  });

  it('sweeps on a timer from the module’s start to its stop, and not at all with the cache off', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const { model, cache, asked, checked } = readModelOverCountedDatabase();
      cache.onModuleInit();
      await model.pilots('partner', ['p1'], '5');
      jest.advanceTimersByTime(KEPT_ANSWER_MAX_AGE_MS - 60_000);
      await model.pilots('partner', ['p1'], '6');
      expect(checked).toEqual([['p1']]);
      jest.advanceTimersByTime(KEPT_ANSWER_MAX_AGE_MS + 60_000);
      await model.pilots('partner', ['p1'], '7');
      expect(checked).toEqual([['p1']]);
      expect(asked).toEqual([['p1'], ['p1']]);
      cache.onModuleDestroy();
      expect(jest.getTimerCount()).toBe(0);
      readModelOverCountedDatabase(0).cache.onModuleInit();
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('PilotTotalsReadModel: answers in use renewed before their lifetime ends', () => {
  it('checks an answer given from memory past three quarters of its lifetime in the background, once, and keeps it anew', async () => {
    const { model, asked, checked } = readModelOverCountedDatabase(1000);
    const t0 = Date.now();
    await model.pilot('partner', 'p1', '5', t0);
    expect(asked).toEqual([['p1']]);

    expect(await model.pilot('partner', 'p1', '5', t0 + 700)).toBeDefined();
    expect(checked).toEqual([]);
    // Given at once from memory; its check begins beside it, and the next request begins none.
    const given = model.pilot('partner', 'p1', '5', t0 + 800);
    const next = model.pilot('partner', 'p1', '5', t0 + 850);
    expect(checked).toEqual([['p1']]);
    expect((await given)?.pilot_id).toBe('p1');
    expect((await next)?.pilot_id).toBe('p1');
    await turn();

    // Kept anew as read at t0 + 800: past the first lifetime, it still counts, and no request waited.
    expect((await model.pilot('partner', 'p1', '5', t0 + 1500))?.pilot_id).toBe('p1');
    expect(checked).toEqual([['p1']]);
    expect(asked).toEqual([['p1']]);
  });

  it('renews a batch of answers from memory with one check of those due', async () => {
    const { model, cache, checked } = readModelOverCountedDatabase(1000);
    const t0 = Date.now();
    await model.pilots('partner', ['p1', 'p2'], '5', undefined, t0);
    await model.pilots('partner', ['p3'], '5', undefined, t0 + 500);
    const given = model.pilots('partner', ['p1', 'p2', 'p3'], '5', 'p1,p2,p3', t0 + 900);
    const again = model.pilots('partner', ['p1', 'p2', 'p3'], '5', 'p1,p2,p3', t0 + 950);
    expect(checked).toEqual([['p1', 'p2']]);
    expect((await given).map((view) => view.pilot_id)).toEqual(['p1', 'p2', 'p3']);
    expect(await again).toBe(await given);
    await turn();
    expect(cache.entry('partner', 'p1', '5', t0 + 1600)).toBeDefined();
    expect(cache.entry('partner', 'p3', '5', t0 + 1600)).toBeUndefined();
  });

  it('leaves an answer whose renewal failed to end its lifetime, then to be checked by the request that finds it so', async () => {
    const { model, cache, checked } = readModelOverCountedDatabase(1000, 1);
    const t0 = Date.now();
    await model.pilot('partner', 'p1', '5', t0);
    expect(await model.pilot('partner', 'p1', '5', t0 + 800)).toBeDefined();
    await turn();
    expect(checked).toEqual([['p1']]);
    // The failed renewal kept nothing anew, and begins no other.
    expect(await model.pilot('partner', 'p1', '5', t0 + 900)).toBeDefined();
    expect(checked).toHaveLength(1);
    expect(cache.entry('partner', 'p1', '5', t0 + 1000)).toBeUndefined();
    expect((await model.pilot('partner', 'p1', '5', t0 + 1000))?.pilot_id).toBe('p1');
    expect(checked).toEqual([['p1'], ['p1']]);
  });

  it('never gives an answer to another partner, nor under another revision', async () => {
    const { model, cache, asked } = readModelOverCountedDatabase(1000);
    const t0 = Date.now();
    await model.pilot('partner', 'p1', '5', t0);
    expect(cache.entry('other', 'p1', '5', t0 + 10)).toBeUndefined();
    expect(cache.entry('partner', 'p1', '6', t0 + 10)).toBeUndefined();
    expect(asked).toEqual([['p1']]);
  });
});
