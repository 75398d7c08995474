import { type AppConfig } from '@pft/platform';
import { type PilotTotalsView } from './pilot-totals.view';
import { type KeptAnswer, TotalsReadCache } from './totals-read-cache';

const cacheFor = (ms: number): TotalsReadCache =>
  new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: ms } as AppConfig);
const view = (pilotId: string): PilotTotalsView => ({ pilot_id: pilotId }) as PilotTotalsView;
const versions = { stream: 3, projection: 1 };
const answer = (pilotId: string): KeptAnswer => ({ view: view(pilotId), versions });

describe('TotalsReadCache', () => {
  it('gives an answer back to the same partner under the revision it was read under, within its lifetime', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', [answer('p1')], '7', 0);
    expect(cache.of('partner-a').get('p1', '7', 999)).toEqual(view('p1'));
    expect(cache.of('partner-b').get('p1', '7', 999)).toBeUndefined();
    expect(cache.of('partner-a').get('p2', '7', 999)).toBeUndefined();
  });

  it('never gives an answer as it is again once the revision has moved on, even if it came back, but keeps it for a check', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', [answer('p1')], '7', 0);
    expect(cache.of('partner-a').get('p1', '8', 1)).toBeUndefined();
    expect(cache.of('partner-a').get('p1', '7', 2)).toBeUndefined();
    expect(cache.of('partner-a').kept('p1')).toEqual(answer('p1'));
    expect(cache.of('partner-b').kept('p1')).toBeUndefined();
  });

  it('treats the answers of one read alike: once one has stopped counting, so have the others', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', [answer('p1'), answer('p2')], '7', 0);
    expect(cache.of('partner-a').get('p2', '7', 1)).toEqual(view('p2'));
    expect(cache.of('partner-a').get('p1', '8', 2)).toBeUndefined();
    expect(cache.of('partner-a').get('p2', '7', 3)).toBeUndefined();
    expect(cache.of('partner-a').kept('p2')).toEqual(answer('p2'));
  });

  it('gives an answer read again as it is, under the revision it was read under', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', [answer('p1')], '7', 0);
    expect(cache.of('partner-a').get('p1', '8', 1)).toBeUndefined();
    cache.put('partner-a', [answer('p1')], '8', 2);
    expect(cache.of('partner-a').get('p1', '8', 3)).toEqual(view('p1'));
  });

  it('stops giving an answer at the end of its lifetime, and keeps it for a check', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', [answer('p1')], '7', 0);
    expect(cache.of('partner-a').get('p1', '7', 1000)).toBeUndefined();
    expect(cache.of('partner-a').get('p1', '7', 1001)).toBeUndefined();
    expect(cache.of('partner-a').kept('p1')).toEqual(answer('p1'));
  });

  it('keeps nothing when its lifetime is 0', () => {
    const cache = cacheFor(0);
    expect(cache.enabled).toBe(false);
    cache.put('partner-a', [answer('p1')], '7', 0);
    expect(cache.of('partner-a').get('p1', '7', 0)).toBeUndefined();
  });

  it("keeps each partner's answers apart and starts again when full", () => {
    const cache = cacheFor(1000);
    for (let i = 0; i < 100_000; i++)
      cache.put(i % 2 === 0 ? 'partner-a' : 'partner-b', [answer(`p${i}`)], '7', 0);
    expect(cache.of('partner-a').get('p0', '7', 1)).toEqual(view('p0'));
    expect(cache.of('partner-b').get('p0', '7', 1)).toBeUndefined();
    cache.put('partner-a', [answer('p-new')], '7', 0);
    expect(cache.of('partner-a').get('p0', '7', 1)).toBeUndefined();
    expect(cache.of('partner-a').get('p-new', '7', 1)).toEqual(view('p-new'));
  });

  it('counts an answer replaced once, so the bound is not reached early', () => {
    const cache = cacheFor(1000);
    for (let i = 0; i < 99_998; i++) cache.put('partner-a', [answer(`p${i}`)], '7', 0);
    cache.put('partner-a', [answer('p0')], '7', 0);
    cache.put('partner-a', [answer('p-last')], '7', 0);
    cache.put('partner-a', [answer('p-more')], '7', 0);
    expect(cache.of('partner-a').get('p2', '7', 1)).toEqual(view('p2'));
    cache.put('partner-a', [answer('p-over')], '7', 0);
    expect(cache.of('partner-a').get('p2', '7', 1)).toBeUndefined();
  });
});
