import { createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { mintPilotToken, PilotJwtVerifier, PilotTokenRejected } from './pilot-jwt';
import { PublicKeySource, SecretKeySource } from './pilot-jwt-keys';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = 1_800_000_000_000;
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = (over: Record<string, unknown> = {}) => ({
  sub: randomUUID(),
  exp: NOW / 1000 + 600,
  ...over,
});

function hs256(payload: object, secret = SECRET, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
function signed(alg: string, key: KeyObject, payload: object, options: object = {}): string {
  const unsigned = `${b64({ alg })}.${b64(payload)}`;
  const hash = alg === 'EdDSA' ? null : `sha${alg.slice(2)}`;
  return `${unsigned}.${sign(hash, Buffer.from(unsigned), { key, ...options }).toString('base64url')}`;
}

const local = new PilotJwtVerifier(new SecretKeySource(SECRET), () => NOW);
const rejection = (verifier: PilotJwtVerifier, token: string) =>
  verifier.verify(token).then(
    () => 'accepted',
    (err: unknown) => (err instanceof PilotTokenRejected ? err.message : `unexpected: ${String(err)}`),
  );

describe('pilot tokens with the local secret (HS256)', () => {
  it('accepts a minted token and returns the pilot account in lower case', async () => {
    const pilot = randomUUID();
    const token = mintPilotToken(SECRET, pilot.toUpperCase(), 3600, NOW);
    await expect(local.verify(token)).resolves.toEqual({
      pilotAccountId: pilot,
      expiresAt: NOW / 1000 + 3600,
    });
  });

  it.each([
    ['expired', () => hs256(claims({ exp: NOW / 1000 - 1 })), 'expired'],
    ['expiring this second', () => hs256(claims({ exp: NOW / 1000 })), 'expired'],
    ['without exp', () => hs256({ sub: randomUUID() }), 'no expiry'],
    ['not yet valid', () => hs256(claims({ nbf: NOW / 1000 + 60 })), 'not yet valid'],
    [
      'signed with another secret',
      () => hs256(claims(), 'another-secret-of-at-least-32-characters'),
      'bad signature',
    ],
    [
      'with a sub that is not a UUID',
      () => hs256(claims({ sub: 'pilot-7' })),
      'subject is not a pilot account id',
    ],
    ['without sub', () => hs256(claims({ sub: undefined })), 'subject is not a pilot account id'],
    ['with alg none', () => `${b64({ alg: 'none' })}.${b64(claims())}.`, 'algorithm not accepted'],
    ['with an unknown alg', () => hs256(claims(), SECRET, { alg: 'HS1' }), 'algorithm not accepted'],
    ['with two parts', () => 'abc.def', 'not a compact JWS'],
    ['with a header that is not JSON', () => `bm9wZQ.${b64(claims())}.sig`, 'malformed token'],
  ])('refuses a token %s', async (_what, token, reason) => {
    expect(await rejection(local, token())).toBe(reason);
  });

  it('refuses a tampered payload', async () => {
    const [h, , s] = hs256(claims()).split('.');
    expect(await rejection(local, `${h}.${b64(claims())}.${s}`)).toBe('bad signature');
  });

  it('refuses an RS256 token when only the secret is configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(await rejection(local, signed('RS256', privateKey, claims()))).toBe('algorithm not accepted');
  });
});

describe('pilot tokens with a PEM public key', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
  const rsaVerifier = new PilotJwtVerifier(new PublicKeySource(pem(rsa.publicKey)), () => NOW);

  it('accepts RS256 and PS256 signed with the matching private key', async () => {
    expect(await rejection(rsaVerifier, signed('RS256', rsa.privateKey, claims()))).toBe('accepted');
    expect(
      await rejection(rsaVerifier, signed('PS256', rsa.privateKey, claims(), { padding: 6, saltLength: 32 })),
    ).toBe('accepted');
  });

  it('accepts ES256 with an EC key, in the JOSE signature form', async () => {
    const verifier = new PilotJwtVerifier(new PublicKeySource(pem(ec.publicKey)), () => NOW);
    const token = signed('ES256', ec.privateKey, claims(), { dsaEncoding: 'ieee-p1363' });
    expect(await rejection(verifier, token)).toBe('accepted');
  });

  it('reads a PEM given with escaped newlines, as environment variables carry it', async () => {
    const verifier = new PilotJwtVerifier(
      new PublicKeySource(pem(rsa.publicKey).replace(/\n/g, '\\n')),
      () => NOW,
    );
    expect(await rejection(verifier, signed('RS256', rsa.privateKey, claims()))).toBe('accepted');
  });

  it('refuses HS256 signed with the public key as a secret (algorithm confusion)', async () => {
    expect(await rejection(rsaVerifier, hs256(claims(), pem(rsa.publicKey)))).toBe('algorithm not accepted');
  });

  it('refuses a token signed with another key, or an EC alg over the RSA key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(await rejection(rsaVerifier, signed('RS256', other.privateKey, claims()))).toBe('bad signature');
    expect(
      await rejection(rsaVerifier, signed('ES256', ec.privateKey, claims(), { dsaEncoding: 'ieee-p1363' })),
    ).toBe('bad signature');
  });

  it('still requires a future exp', async () => {
    expect(
      await rejection(rsaVerifier, signed('RS256', rsa.privateKey, claims({ exp: NOW / 1000 - 5 }))),
    ).toBe('expired');
  });
});
