import { randomUUID } from 'node:crypto';
import { setApiKeyScopes, announceApiKeyChange, setApiKeyRateLimit } from '@pft/partners';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { bearer, expectError } from './partner-api.expectations';
import { keyFor, partnerWithKey, revoke } from './partner-api.factories';
import { minuteStart, startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

describe('authentication, rate limit and scopes', () => {
  let database: TestDatabase;
  let api: PartnerApiUnderTest;
  let clock: jest.SpyInstance<number, []>;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startPartnerApi({}, database);
    clock = jest.spyOn(api.app.get(RateClock), 'now');
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
  });
  beforeEach(() => clock.mockImplementation(() => Date.now()));

  const totals = (key?: string, query = `pilot_id=${randomUUID()}`) => {
    const req = api.http().get(`/v1/pilot-totals?${query}`);
    return key === undefined ? req : req.set(bearer(key));
  };

  describe('401 UNAUTHORIZED', () => {
    it.each([
      ['no Authorization header', undefined],
      ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['a bearer without a key', 'Bearer '],
      ['a malformed key', 'Bearer pft_live_tooshort'],
      ['an unknown key', `Bearer pft_live_${'A'.repeat(32)}`],
    ])('for %s, with WWW-Authenticate: Bearer and no rate limit headers', async (_what, header) => {
      const req = api.http().get(`/v1/pilot-totals?pilot_id=${randomUUID()}`);
      const res = header === undefined ? await req : await req.set('Authorization', header);
      expectError(res, 401, 'UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    });

    it('for a revoked key, at once', async () => {
      const partner = await partnerWithKey(api.db);
      expect((await totals(partner.key)).status).toBe(404);
      await revoke(api.db, api.redis, api.redisPrefix, partner.prefix);
      expectError(await totals(partner.key), 401, 'UNAUTHORIZED');
    });

    it('for a key whose secret differs from the stored one under the same prefix', async () => {
      const partner = await partnerWithKey(api.db);
      const forged = partner.key.slice(0, -1) + (partner.key.endsWith('a') ? 'b' : 'a');
      expectError(await totals(forged), 401, 'UNAUTHORIZED');
    });

    it('on every endpoint, before the body is looked at', async () => {
      for (const res of [
        await api.http().post('/v1/link').set('Content-Type', 'application/json').send('{broken'),
        await api.http().get('/v1/pilot-totals/batch?pilot_ids=,,'),
        await api.http().get('/v1/rating-dictionary'),
      ]) {
        expectError(res, 401, 'UNAUTHORIZED');
      }
    });
  });

  describe('scopes', () => {
    it('answers 403 INSUFFICIENT_SCOPE without the scope, after the rate limit and before input checks', async () => {
      const scopeless = await partnerWithKey(api.db, { scopes: [] });
      const res = await totals(scopeless.key, 'pilot_id=not-a-uuid');
      expectError(res, 403, 'INSUFFICIENT_SCOPE');
      expect(res.headers['ratelimit-remaining']).toBe('999');
      expectError(
        await api.http().get('/v1/pilot-totals/batch?pilot_ids=x').set(bearer(scopeless.key)),
        403,
        'INSUFFICIENT_SCOPE',
      );
    });

    it('follows a change of scopes at once', async () => {
      const partner = await partnerWithKey(api.db);
      expectError(
        await api.http().get('/v1/rating-dictionary').set(bearer(partner.key)),
        403,
        'INSUFFICIENT_SCOPE',
      );
      await setApiKeyScopes(api.db, partner.prefix, ['pilot-totals', 'rating-dictionary']);
      await announceApiKeyChange(api.redis, api.redisPrefix);
      expect((await api.http().get('/v1/rating-dictionary').set(bearer(partner.key))).status).toBe(200);
    });
  });

  describe('rate limit', () => {
    it('counts down, answers 429 with Retry-After: 60 past the limit, and resets with the next minute', async () => {
      const start = minuteStart();
      clock.mockReturnValue(start);
      const partner = await partnerWithKey(api.db, { rateLimit: 5 });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await totals(partner.key));
      expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 429]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0']);
      for (const res of answers) {
        expect(res.headers['ratelimit-limit']).toBe('5');
        expect(res.headers['ratelimit-reset']).toBe('55');
      }
      const limited = answers[5]!;
      expectError(limited, 429, 'RATE_LIMITED');
      expect(limited.headers['retry-after']).toBe('60');
      expect(answers[0]!.headers['retry-after']).toBeUndefined();

      // 429 comes before 403 and 400: a limited key learns nothing else.
      expectError(await totals(partner.key, 'pilot_id=bad'), 429, 'RATE_LIMITED');
      expectError(
        await api.http().get('/v1/rating-dictionary').set(bearer(partner.key)),
        429,
        'RATE_LIMITED',
      );

      clock.mockReturnValue(start + 60_000);
      const reset = await totals(partner.key);
      expect(reset.status).toBe(404);
      expect(reset.headers['ratelimit-remaining']).toBe('4');
    });

    it('counts every request with a valid key, whatever its outcome, and shares the count between replicas', async () => {
      // One instant for both replicas: the replica takes seconds to start, and a clock minute can
      // turn meanwhile.
      const now = minuteStart(1);
      clock.mockReturnValue(now);
      const partner = await partnerWithKey(api.db, { rateLimit: 4 });
      const replica = await startPartnerApi({ PARTNER_REDIS_PREFIX: api.redisPrefix }, database);
      try {
        jest.spyOn(replica.app.get(RateClock), 'now').mockReturnValue(now);
        const answers = [
          await api.http().post('/v1/link').set(bearer(partner.key)).send({ linking_token: 'nope' }),
          await replica.http().get('/v1/pilot-totals?pilot_id=bad').set(bearer(partner.key)),
          await api.http().get('/v1/rating-dictionary').set(bearer(partner.key)),
        ];
        expect(
          answers.map((r) => [r.status, r.headers['ratelimit-limit'], r.headers['ratelimit-remaining']]),
        ).toEqual([
          [400, '4', '3'],
          [400, '4', '2'],
          [403, '4', '1'],
        ]);
        for (const r of answers) expect(Number(r.headers['ratelimit-reset'])).toBeGreaterThan(0);
        const last = await replica
          .http()
          .get(`/v1/pilot-totals?pilot_id=${randomUUID()}`)
          .set(bearer(partner.key));
        expect(last.headers['ratelimit-remaining']).toBe('0');
        expectError(
          await replica.http().get('/v1/pilot-totals?pilot_id=x').set(bearer(partner.key)),
          429,
          'RATE_LIMITED',
        );
        expectError(
          await api.http().get('/v1/pilot-totals?pilot_id=x').set(bearer(partner.key)),
          429,
          'RATE_LIMITED',
        );
      } finally {
        await replica.close();
      }
    });

    it('counts a valid key on an unknown path or with another method too, with the headers, up to 429', async () => {
      clock.mockReturnValue(minuteStart(4));
      const partner = await partnerWithKey(api.db, { rateLimit: 2 });
      const unknownPath = await api.http().get('/v1/no-such-endpoint').set(bearer(partner.key));
      expectError(unknownPath, 404, 'NOT_FOUND');
      expect(unknownPath.headers['ratelimit-remaining']).toBe('1');
      const otherMethod = await api.http().delete('/v1/rating-dictionary').set(bearer(partner.key));
      expectError(otherMethod, 405, 'METHOD_NOT_ALLOWED');
      expect(otherMethod.headers['ratelimit-remaining']).toBe('0');
      const over = await api.http().get('/v1/no-such-endpoint').set(bearer(partner.key));
      expectError(over, 429, 'RATE_LIMITED');
      expect(over.headers['retry-after']).toBe('60');
      expectError(await totals(partner.key), 429, 'RATE_LIMITED');
      // Without a valid key the key is checked first, as on every path: 401, no rate limit headers,
      // so an unknown path cannot tell a valid key from a guess.
      const unknownKey = await api
        .http()
        .get('/v1/no-such-endpoint')
        .set('Authorization', `Bearer pft_live_${'X'.repeat(32)}`);
      expectError(unknownKey, 401, 'UNAUTHORIZED');
      expect(unknownKey.headers['ratelimit-limit']).toBeUndefined();
    });

    it('takes a path that is not valid percent-encoding as an unknown path: counted for a valid key, 404', async () => {
      clock.mockReturnValue(minuteStart(5));
      const partner = await partnerWithKey(api.db, { rateLimit: 2 });
      for (const [path, remaining] of [
        ['/v1/pilot-totals%', '1'],
        ['/v1/%ED%A0%80?pilot_id=x', '0'],
      ] as const) {
        const res = await api.http().get(path).set(bearer(partner.key));
        expectError(res, 404, 'NOT_FOUND');
        expect([path, res.headers['ratelimit-remaining']]).toEqual([path, remaining]);
      }
      expectError(await api.http().get('/v1/pilot-totals%').set(bearer(partner.key)), 429, 'RATE_LIMITED');
    });

    it('applies a changed limit at once', async () => {
      clock.mockReturnValue(minuteStart(2));
      const partner = await partnerWithKey(api.db, { rateLimit: 100 });
      expect((await totals(partner.key)).headers['ratelimit-limit']).toBe('100');
      await setApiKeyRateLimit(api.db, partner.prefix, 250);
      await announceApiKeyChange(api.redis, api.redisPrefix);
      const res = await totals(partner.key);
      expect(res.headers['ratelimit-limit']).toBe('250');
      expect(res.headers['ratelimit-remaining']).toBe('248');
    });

    it('gives each key of one partner its own count', async () => {
      clock.mockReturnValue(minuteStart(3));
      const first = await partnerWithKey(api.db, { rateLimit: 2 });
      const second = await keyFor(api.db, first.partnerId, { rateLimit: 2 });
      await totals(first.key);
      await totals(first.key);
      expectError(await totals(first.key), 429, 'RATE_LIMITED');
      expect((await totals(second.key)).headers['ratelimit-remaining']).toBe('1');
    });
  });
});
