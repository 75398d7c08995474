import { createHmac, randomUUID } from 'node:crypto';
import { type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { mintPilotToken, PilotJwtVerifier, pilotJwtVerifierFor, PilotTokenRejected } from './pilot-jwt';
import { pilotTokenKeyOf } from './pilot-jwt-keys';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const KEY = new TextEncoder().encode(SECRET);
const NOW = 1_800_000_000_000;
const NOW_S = NOW / 1000;
const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'pilot-flight-totals';
const TOLERANCE = 30;

/** A verifier as configured with the secret and `claims`, on a fixed clock. */
const verifierFor = (claims: { JWT_ISSUER?: string; JWT_AUDIENCE?: string } = {}): PilotJwtVerifier =>
  new PilotJwtVerifier(
    pilotTokenKeyOf({ JWT_SECRET: SECRET }),
    { issuer: claims.JWT_ISSUER, audience: claims.JWT_AUDIENCE, clockToleranceSeconds: TOLERANCE },
    () => NOW,
  );
const checked = verifierFor({ JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE });

/** Claims a valid token for `checked` carries, with `over` changed (undefined removes one). */
const claims = (over: Record<string, unknown> = {}): JWTPayload => {
  const all: Record<string, unknown> = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: randomUUID(),
    iat: NOW_S,
    exp: NOW_S + 600,
    ...over,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
};
const signed = (payload: JWTPayload, header: Record<string, unknown> = {}, secret = KEY): Promise<string> =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(secret);

/** A token signed with the secret whose payload is the JSON text given, as a forger writes it. */
const signedText = (payloadJson: string): string => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const payload = payloadJson.replace('{', `{"iss":"${ISSUER}","aud":"${AUDIENCE}","sub":"${randomUUID()}",`);
  const unsigned = `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
};

/** 'accepted', or the reason the token was refused. */
const outcome = (verifier: PilotJwtVerifier, token: string): Promise<string> =>
  verifier.verify(token).then(
    () => 'accepted',
    (err: unknown) => (err instanceof PilotTokenRejected ? err.reason : `unexpected: ${String(err)}`),
  );

describe('pilot tokens with the local secret (HS256), checked by jose', () => {
  it('accepts a jose-signed token and returns the pilot account in lower case', async () => {
    const pilot = randomUUID();
    await expect(checked.verify(await signed(claims({ sub: pilot.toUpperCase() })))).resolves.toEqual({
      pilotAccountId: pilot,
      expiresAt: NOW_S + 600,
    });
  });

  it('accepts what mintPilotToken makes, with the configured issuer and audience', async () => {
    const pilot = randomUUID();
    const token = mintPilotToken(SECRET, pilot, 3600, NOW, { issuer: ISSUER, audience: AUDIENCE });
    await expect(checked.verify(token)).resolves.toEqual({ pilotAccountId: pilot, expiresAt: NOW_S + 3600 });
    expect(await outcome(checked, mintPilotToken(SECRET, pilot, 3600, NOW))).toBe('issuer');
  });

  it.each([
    ['from another issuer', () => signed(claims({ iss: 'https://elsewhere.example.test/' })), 'issuer'],
    ['without an issuer', () => signed(claims({ iss: undefined })), 'issuer'],
    ['for another audience', () => signed(claims({ aud: 'another-service' })), 'audience'],
    ['without an audience', () => signed(claims({ aud: undefined })), 'audience'],
    ['with alg none', () => Promise.resolve(new UnsecuredJWT(claims()).encode()), 'algorithm'],
    ['signed HS384 with the right secret', () => signed(claims(), { alg: 'HS384' }), 'algorithm'],
    [
      'with an unknown critical extension',
      () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', crit: ['urn:example:policy'], 'urn:example:policy': 'x' })
          .sign(KEY, { crit: { 'urn:example:policy': true } }),
      'critical-header',
    ],
    [
      'with the one critical extension jose knows (b64)',
      () => signed(claims(), { crit: ['b64'], b64: true }),
      'critical-header',
    ],
    ['expired beyond the clock tolerance', () => signed(claims({ exp: NOW_S - TOLERANCE - 1 })), 'expired'],
    [
      'not valid until beyond the tolerance',
      () => signed(claims({ nbf: NOW_S + TOLERANCE + 1 })),
      'not-yet-valid',
    ],
    ['without exp', () => signed(claims({ exp: undefined })), 'no-expiry'],
    [
      'with an exp of 1e309 (infinite)',
      () => Promise.resolve(signedText(`{"iat":${NOW_S},"exp":1e309}`)),
      'lifetime',
    ],
    ['living more than 24 hours', () => signed(claims({ exp: NOW_S + 86_401 })), 'lifetime'],
    ['issued long ago, living long', () => signed(claims({ iat: NOW_S - 10 * 86_400 })), 'lifetime'],
    ['without iat', () => signed(claims({ iat: undefined })), 'issued-at'],
    ['with an iat that is not a number', () => signed(claims({ iat: 'yesterday' })), 'issued-at'],
    [
      'issued in the future beyond the tolerance',
      () => signed(claims({ iat: NOW_S + TOLERANCE + 1, exp: NOW_S + 600 })),
      'issued-in-future',
    ],
    [
      'signed with another secret',
      () => signed(claims(), {}, new TextEncoder().encode('another-secret-of-at-least-32-characters')),
      'signature',
    ],
    ['with a sub that is not a UUID', () => signed(claims({ sub: 'pilot-7' })), 'subject'],
    ['without sub', () => signed(claims({ sub: undefined })), 'subject'],
    ['with two parts', () => Promise.resolve('abc.def'), 'malformed'],
    ['with a header that is not JSON', () => Promise.resolve(`bm9wZQ.e30.c2ln`), 'malformed'],
  ])('refuses a token %s', async (_what, token, reason) => {
    expect(await outcome(checked, await token())).toBe(reason);
  });

  it.each([
    ['expired less than the tolerance ago', { exp: NOW_S - TOLERANCE + 1 }],
    ['not valid until less than the tolerance from now', { nbf: NOW_S + TOLERANCE - 1 }],
    ['whose aud is a list naming this service', { aud: ['another-service', AUDIENCE] }],
    ['living exactly 24 hours', { exp: NOW_S + 86_400 }],
    ['issued less than the tolerance in the future', { iat: NOW_S + TOLERANCE - 1 }],
  ])('accepts a token %s', async (_what, over) => {
    expect(await outcome(checked, await signed(claims(over)))).toBe('accepted');
  });

  it('refuses a tampered payload', async () => {
    const [h, , s] = (await signed(claims())).split('.');
    const forged = Buffer.from(JSON.stringify(claims())).toString('base64url');
    expect(await outcome(checked, `${h}.${forged}.${s}`)).toBe('signature');
  });

  it('refuses a token whose alg none is signed anyway with the secret', async () => {
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'none' })}.${b64(claims())}`;
    const token = `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
    expect(await outcome(checked, token)).toBe('algorithm');
  });

  it('checks neither issuer nor audience when none is configured', async () => {
    const open = verifierFor();
    expect(await outcome(open, await signed(claims({ iss: undefined, aud: undefined })))).toBe('accepted');
    expect(await outcome(open, mintPilotToken(SECRET, randomUUID(), 60, NOW))).toBe('accepted');
  });

  it('is built from the configuration: secret, issuer, audience and tolerance', async () => {
    const verifier = pilotJwtVerifierFor({
      JWT_SECRET: SECRET,
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: AUDIENCE,
      JWT_CLOCK_TOLERANCE_SECONDS: TOLERANCE,
    });
    const now = Math.floor(Date.now() / 1000);
    const token = (over: Record<string, unknown>) => signed(claims({ iat: now, ...over }));
    // Five minutes either side of the tolerance, so the clock of a slow run cannot decide.
    expect(await outcome(verifier, await token({ exp: now - TOLERANCE + 300 }))).toBe('accepted');
    expect(await outcome(verifier, await token({ exp: now - TOLERANCE - 300 }))).toBe('expired');
    expect(await outcome(verifier, await token({ exp: now + 600, aud: 'x' }))).toBe('audience');
  });
});

describe('pilot tokens verified once, then remembered', () => {
  /** A verifier on a clock the test moves, counting how often the key is asked for (a full verification). */
  const counting = () => {
    const clock = { ms: NOW };
    const asked = { count: 0 };
    const verifier = new PilotJwtVerifier(
      {
        algorithms: ['HS256'],
        key: () => {
          asked.count++;
          return KEY;
        },
      },
      { issuer: ISSUER, audience: AUDIENCE, clockToleranceSeconds: TOLERANCE },
      () => clock.ms,
    );
    return { verifier, clock, asked };
  };

  it('answers a token it verified from memory, and verifies it in full again after a minute', async () => {
    const { verifier, clock, asked } = counting();
    const pilot = randomUUID();
    const token = await signed(claims({ sub: pilot }));
    const expected = { pilotAccountId: pilot, expiresAt: NOW_S + 600 };
    await expect(verifier.verify(token)).resolves.toEqual(expected);
    await expect(verifier.verify(token)).resolves.toEqual(expected);
    clock.ms += 59_000;
    await expect(verifier.verify(token)).resolves.toEqual(expected);
    expect(asked.count).toBe(1);
    clock.ms += 2_000;
    await expect(verifier.verify(token)).resolves.toEqual(expected);
    expect(asked.count).toBe(2);
  });

  it('refuses a remembered token once it has expired, as jose does (exp at or before now less the tolerance)', async () => {
    const { verifier, clock, asked } = counting();
    const token = await signed(claims({ exp: NOW_S + 10 }));
    expect(await outcome(verifier, token)).toBe('accepted');
    clock.ms = (NOW_S + 10 + TOLERANCE - 1) * 1000;
    expect(await outcome(verifier, token)).toBe('accepted');
    clock.ms = (NOW_S + 10 + TOLERANCE) * 1000;
    expect(await outcome(verifier, token)).toBe('expired');
    expect(await outcome(verifier, token)).toBe('expired');
    expect(asked.count).toBe(2);
  });

  it('never remembers a refused token: each use is verified again, and refused again', async () => {
    const { verifier, asked } = counting();
    const forged = await signed(
      claims(),
      {},
      new TextEncoder().encode('another-secret-of-at-least-32-characters'),
    );
    expect(await outcome(verifier, forged)).toBe('signature');
    expect(await outcome(verifier, forged)).toBe('signature');
    expect(asked.count).toBe(2);
    const wrongAudience = await signed(claims({ aud: 'someone-else' }));
    expect(await outcome(verifier, wrongAudience)).toBe('audience');
    expect(await outcome(verifier, wrongAudience)).toBe('audience');
  });
});
