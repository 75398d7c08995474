import { CLASS_RATING_KEYS, RATING_CATALOG } from '@pft/logbook/domain';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { partnerWithKey } from './partner-api.factories';
import { partnerApiSuite } from './partner-api.harness';

describe('GET /v1/rating-dictionary', () => {
  const suite = partnerApiSuite({
    partner: { scopes: ['pilot-totals', 'rating-dictionary'], rateLimit: 50 },
  });

  const dictionary = (key: string) => suite.api.http().get('/v1/rating-dictionary').set(bearer(key));

  it('lists the whole airplane catalog: class ratings in the spec’s order, then type ratings by key', async () => {
    const res = await dictionary(suite.partner.key);
    expect(res.status).toBe(200);
    expectMeta(res);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const ratings = res.body.data.ratings as { key: string; category: string; label: string }[];
    expect(Object.keys(res.body.data)).toEqual(['ratings']);
    expect(ratings).toEqual(JSON.parse(JSON.stringify(RATING_CATALOG)));
    expect(ratings.slice(0, 7).map((r) => r.key)).toEqual([...CLASS_RATING_KEYS]);
    const typeKeys = ratings.slice(7).map((r) => r.key);
    expect(typeKeys.length).toBeGreaterThanOrEqual(150);
    expect(typeKeys).toEqual([...typeKeys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    for (const entry of ratings) {
      const fields = Object.keys(entry).sort();
      expect(fields).toEqual(
        entry.category === 'class_rating'
          ? ['category', 'key', 'label']
          : ['category', 'key', 'label', 'manufacturer'],
      );
      expect(entry.key).toMatch(/^([a-z]+_[a-z]+|tmg|type_[a-z0-9]+(_[a-z0-9]+)*)$/);
    }
    expect(ratings.some((r) => /helicopter|sailplane/i.test(r.label))).toBe(false);
  });

  it('carries a strong ETag and Cache-Control, and answers a matching If-None-Match with 304, counted', async () => {
    const first = await dictionary(suite.partner.key);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const remainingBefore = Number(first.headers['ratelimit-remaining']);

    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await dictionary(suite.partner.key).set('If-None-Match', ifNoneMatch);
      expect(res.status).toBe(304);
      expect(res.text ?? '').toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['x-request-id']).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(res.headers['ratelimit-limit']).toBe('50');
    }
    const after = await dictionary(suite.partner.key).set('If-None-Match', etag);
    expect(Number(after.headers['ratelimit-remaining'])).toBe(remainingBefore - 5);

    const stale = await dictionary(suite.partner.key).set('If-None-Match', '"stale"');
    expect(stale.status).toBe(200);
    expect(stale.headers.etag).toBe(etag);
  });

  it('needs the rating-dictionary scope, which new keys do not get by default', async () => {
    const byDefault = await partnerWithKey(suite.api.db);
    expectError(await dictionary(byDefault.key), 403, 'INSUFFICIENT_SCOPE');
  });

  it('answers 429 past the limit even with a matching ETag', async () => {
    const tight = await partnerWithKey(suite.api.db, { scopes: ['rating-dictionary'], rateLimit: 1 });
    jest
      .spyOn(suite.api.app.get(RateClock), 'now')
      .mockReturnValue((Math.floor(Date.now() / 60000) + 1) * 60000);
    const first = await dictionary(tight.key);
    expect(first.status).toBe(200);
    const limited = await dictionary(tight.key).set('If-None-Match', first.headers.etag as string);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('60');
  });
});
