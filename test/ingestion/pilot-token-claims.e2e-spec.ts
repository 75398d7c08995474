import { randomUUID } from 'node:crypto';
import { type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { ingestionSuite } from './support/ingestion-harness';

const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'pilot-flight-totals';
// Wide enough that the seconds a slow run takes between signing and asking cannot decide a case.
const TOLERANCE = 120;

describe('pilot app API: token issuer, audience, algorithm and clock tolerance (e2e)', () => {
  const h = ingestionSuite({
    JWT_ISSUER: ISSUER,
    JWT_AUDIENCE: AUDIENCE,
    JWT_CLOCK_TOLERANCE_SECONDS: String(TOLERANCE),
  });
  let key: Uint8Array;
  beforeAll(() => {
    key = new TextEncoder().encode(h.config.JWT_SECRET);
  });

  const now = () => Math.floor(Date.now() / 1000);
  /** What a token the app accepts carries, with `over` changed (undefined removes a claim). */
  const claims = (over: Record<string, unknown> = {}): JWTPayload =>
    Object.fromEntries(
      Object.entries({
        iss: ISSUER,
        aud: AUDIENCE,
        sub: randomUUID(),
        iat: now(),
        exp: now() + 600,
        ...over,
      }).filter(([, value]) => value !== undefined),
    );
  const signed = (payload: JWTPayload, header: Record<string, unknown> = {}) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(key);
  const totals = (token: string) => h.as(token).get('/pilot/v1/totals');

  it.each<[string, () => Promise<string>]>([
    ['from another issuer', () => signed(claims({ iss: 'https://elsewhere.example.test/' }))],
    ['without an issuer', () => signed(claims({ iss: undefined }))],
    ['for another audience', () => signed(claims({ aud: 'another-service' }))],
    ['without an audience', () => signed(claims({ aud: undefined }))],
    ['with algorithm none', () => Promise.resolve(new UnsecuredJWT(claims()).encode())],
    [
      'with a critical header extension',
      () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', crit: ['urn:example:policy'], 'urn:example:policy': 1 })
          .sign(key, { crit: { 'urn:example:policy': true } }),
    ],
    ['expired further back than the clock tolerance', () => signed(claims({ exp: now() - 2 * TOLERANCE }))],
    ['valid only beyond the clock tolerance', () => signed(claims({ nbf: now() + 2 * TOLERANCE }))],
  ])('refuses a token %s: 401 UNAUTHORIZED in the error envelope', async (_what, token) => {
    const res = await totals(await token());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
  });

  it.each<[string, () => Promise<string>]>([
    ['with the configured issuer and audience', () => signed(claims())],
    [
      'expired, but less long ago than the clock tolerance',
      () => signed(claims({ exp: now() - TOLERANCE / 4 })),
    ],
    ['valid from a moment within the clock tolerance', () => signed(claims({ nbf: now() + TOLERANCE / 4 }))],
  ])('accepts a token %s', async (_what, token) => {
    const res = await totals(await token());
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });
});
