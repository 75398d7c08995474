import { randomBytes } from 'node:crypto';
import { ingestionSuite } from './support/ingestion-harness';

/** Production settings that pass the configuration's production rules (nothing at a local default). */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k8Vq2n5Zr1Xw7Lp4Ty9Hd3Fs6Jb0Mc2G',
  JWT_ALLOW_HS256: 'true',
  JWT_ISSUER: 'https://id.example.test/',
  JWT_AUDIENCE: 'pilot-flight-totals',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  // Any key of its own: production refuses the public development one.
  PFT_MASTER_KEY: randomBytes(32).toString('base64'),
};

describe('the test pilot sign-in of the pilot web app (e2e)', () => {
  describe('outside production', () => {
    const h = ingestionSuite();

    it('offers it (204) and mints a token for a new pilot account each time, accepted by the pilot app API', async () => {
      await h.http().get('/dev/test-pilot').expect(204);
      const first = await h.http().post('/dev/test-pilot').expect(201);
      const second = await h.http().post('/dev/test-pilot').expect(201);
      const { token, pilot_account_id: pilot, expires_at: expiresAt } = first.body.data;
      expect(pilot).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.body.data.pilot_account_id).not.toBe(pilot);
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3500_000);
      const totals = await h.as(token).get('/pilot/v1/totals').expect(200);
      expect(totals.body.data.flight_count).toBe(0);
    });
  });

  describe('in production', () => {
    const h = ingestionSuite(PRODUCTION);

    it('does not exist: 404 for both methods, like any unknown path', async () => {
      expect(h.config.NODE_ENV).toBe('production');
      const get = await h.http().get('/dev/test-pilot');
      const post = await h.http().post('/dev/test-pilot');
      expect([get.status, post.status]).toEqual([404, 404]);
      expect(post.body.error.code).toBe('NOT_FOUND');
    });
  });
});
