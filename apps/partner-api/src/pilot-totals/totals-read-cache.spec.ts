import { type AppConfig } from '@pft/infrastructure';
import { type PilotTotalsView } from './pilot-totals.reader';
import { TotalsReadCache } from './totals-read-cache';

const cacheFor = (ms: number): TotalsReadCache =>
  new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: ms } as AppConfig);
const view = (pilotId: string): PilotTotalsView => ({ pilot_id: pilotId }) as PilotTotalsView;

describe('TotalsReadCache', () => {
  it('gives an answer back to the same partner under the revision it was read under, within its lifetime', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', view('p1'), '7', 0);
    expect(cache.get('partner-a', 'p1', '7', 999)).toEqual(view('p1'));
    expect(cache.get('partner-b', 'p1', '7', 999)).toBeUndefined();
    expect(cache.get('partner-a', 'p2', '7', 999)).toBeUndefined();
  });

  it('forgets an answer once the revision has moved on, even if it came back', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', view('p1'), '7', 0);
    expect(cache.get('partner-a', 'p1', '8', 1)).toBeUndefined();
    expect(cache.get('partner-a', 'p1', '7', 2)).toBeUndefined();
  });

  it('forgets an answer at the end of its lifetime', () => {
    const cache = cacheFor(1000);
    cache.put('partner-a', view('p1'), '7', 0);
    expect(cache.get('partner-a', 'p1', '7', 1000)).toBeUndefined();
  });

  it('keeps nothing when its lifetime is 0', () => {
    const cache = cacheFor(0);
    expect(cache.enabled).toBe(false);
    cache.put('partner-a', view('p1'), '7', 0);
    expect(cache.get('partner-a', 'p1', '7', 0)).toBeUndefined();
  });

  it("keeps each partner's answers apart and starts again when full", () => {
    const cache = cacheFor(1000);
    for (let i = 0; i < 100_000; i++)
      cache.put(i % 2 === 0 ? 'partner-a' : 'partner-b', view(`p${i}`), '7', 0);
    expect(cache.of('partner-a').get('p0', '7', 1)).toEqual(view('p0'));
    expect(cache.of('partner-b').get('p0', '7', 1)).toBeUndefined();
    cache.put('partner-a', view('p-new'), '7', 0);
    expect(cache.get('partner-a', 'p0', '7', 1)).toBeUndefined();
    expect(cache.get('partner-a', 'p-new', '7', 1)).toEqual(view('p-new'));
  });

  it('counts an answer replaced or forgotten once, so the bound is not reached early', () => {
    const cache = cacheFor(1000);
    for (let i = 0; i < 99_999; i++) cache.put('partner-a', view(`p${i}`), '7', 0);
    cache.put('partner-a', view('p0'), '7', 0);
    cache.put('partner-a', view('p-last'), '7', 0);
    expect(cache.get('partner-a', 'p1', '8', 1)).toBeUndefined();
    cache.put('partner-a', view('p-more'), '7', 0);
    expect(cache.get('partner-a', 'p2', '7', 1)).toEqual(view('p2'));
  });
});
