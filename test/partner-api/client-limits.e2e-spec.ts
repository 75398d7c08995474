import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { linkingCode, partnerWithKey } from './partner-api.factories';
import { minuteStart, startPartnerApi } from './partner-api.harness';

/**
 * The limits kept per client address (failed authentications, behind a trusted proxy or not) and the
 * rate limit while Redis is unreachable: each test starts a partner API of its own settings.
 */
describe('limits per client address, and without Redis', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('limits failed authentications per client address, and still serves valid keys from it', async () => {
    const strict = await startPartnerApi({ PARTNER_AUTH_FAILURES_PER_MINUTE: '3' }, database);
    try {
      jest.spyOn(strict.app.get(RateClock), 'now').mockReturnValue(minuteStart());
      const unknown = `Bearer pft_live_${'Z'.repeat(32)}`;
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await strict.http().get('/v1/rating-dictionary').set('Authorization', unknown)).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const limited = await strict.http().post('/v1/link').send({});
      expectError(limited, 429, 'RATE_LIMITED');
      expect(limited.headers['retry-after']).toBe('60');
      const partner = await partnerWithKey(strict.db);
      expect(
        (await strict.http().get(`/v1/pilot-totals?pilot_id=${randomUUID()}`).set(bearer(partner.key)))
          .status,
      ).toBe(404);
    } finally {
      await strict.close();
    }
  });

  describe('the client address behind a load balancer', () => {
    /**
     * Statuses of failed authentications against an app that allows 2 a minute per client and
     * trusts `trustedProxies`, each request claiming (X-Forwarded-For) to come from `clients[i]`.
     */
    const failures = async (trustedProxies: string, clients: string[]): Promise<number[]> => {
      const server = await startPartnerApi(
        { PARTNER_AUTH_FAILURES_PER_MINUTE: '2', TRUSTED_PROXIES: trustedProxies },
        database,
      );
      try {
        jest.spyOn(server.app.get(RateClock), 'now').mockReturnValue(minuteStart());
        const statuses = [];
        for (const client of clients) {
          const res = await server
            .http()
            .get('/v1/rating-dictionary')
            .set('Authorization', `Bearer pft_live_${'Y'.repeat(32)}`)
            .set('X-Forwarded-For', client);
          statuses.push(res.status);
        }
        return statuses;
      } finally {
        await server.close();
      }
    };

    it('counts each forwarded client apart when the proxy is trusted (TRUSTED_PROXIES)', async () => {
      // The fourth, another client behind the same proxy, is not held up by the first one's failures.
      expect(
        await failures('loopback', ['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.4']),
      ).toEqual([401, 401, 429, 401]);
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy, so it cannot dodge the limit', async () => {
      expect(await failures('', ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 429]);
    });
  });

  it('keeps serving with a per-process limit while Redis is unreachable, and stays ready, reporting it', async () => {
    const cut = await startPartnerApi({ REDIS_URL: 'redis://127.0.0.1:1' }, database);
    try {
      jest.spyOn(cut.app.get(RateClock), 'now').mockReturnValue(minuteStart());
      const partner = await partnerWithKey(cut.db, {
        rateLimit: 3,
        scopes: ['pilot-totals', 'rating-dictionary'],
      });
      const { code } = await linkingCode(cut.db);
      const linked = await cut.http().post('/v1/link').set(bearer(partner.key)).send({ linking_token: code });
      expect(linked.status).toBe(200);
      expectMeta(linked);
      const read = await cut
        .http()
        .get(`/v1/pilot-totals?pilot_id=${linked.body.data.pilot_id}`)
        .set(bearer(partner.key));
      expect(read.status).toBe(200);
      expect(read.headers['ratelimit-remaining']).toBe('1');
      expect((await cut.http().get('/v1/rating-dictionary').set(bearer(partner.key))).status).toBe(200);
      expectError(
        await cut.http().get('/v1/rating-dictionary').set(bearer(partner.key)),
        429,
        'RATE_LIMITED',
      );
      const ready = await cut.http().get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ status: 'degraded', checks: { postgres: 'up', redis: 'down' } });
    } finally {
      await cut.close();
    }
  });
});
