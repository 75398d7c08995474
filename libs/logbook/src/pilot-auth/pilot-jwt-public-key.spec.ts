import { createHmac, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { PilotJwtVerifier, PilotTokenRejected } from './pilot-jwt';
import { pilotTokenKeyOf } from './pilot-jwt-keys';

const NOW = 1_800_000_000_000;
const claims = () => ({ sub: randomUUID(), iat: NOW / 1000, exp: NOW / 1000 + 600 });
const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
const sign = (alg: string, key: KeyObject, payload: object = claims()) =>
  new SignJWT({ ...payload }).setProtectedHeader({ alg }).sign(key);

const verifier = (publicKey: KeyObject | string, algorithms?: string) =>
  new PilotJwtVerifier(
    pilotTokenKeyOf({
      JWT_SECRET: 'the-secret-is-not-used-with-a-public-key',
      JWT_PUBLIC_KEY: typeof publicKey === 'string' ? publicKey : pem(publicKey),
      JWT_ALGORITHMS: algorithms,
    }),
    { clockToleranceSeconds: 0 },
    () => NOW,
  );
const outcome = (v: PilotJwtVerifier, token: string): Promise<string> =>
  v.verify(token).then(
    () => 'accepted',
    (err: unknown) => (err instanceof PilotTokenRejected ? err.reason : `unexpected: ${String(err)}`),
  );

describe('pilot tokens with a PEM public key, checked by jose', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ed = generateKeyPairSync('ed25519');

  it('pins the algorithm the key is for when none is configured: RS256, ES256, EdDSA', async () => {
    expect(await outcome(verifier(rsa.publicKey), await sign('RS256', rsa.privateKey))).toBe('accepted');
    expect(await outcome(verifier(rsa.publicKey), await sign('PS256', rsa.privateKey))).toBe('algorithm');
    expect(await outcome(verifier(ec.publicKey), await sign('ES256', ec.privateKey))).toBe('accepted');
    expect(await outcome(verifier(ed.publicKey), await sign('EdDSA', ed.privateKey))).toBe('accepted');
  });

  it('accepts exactly the configured algorithms', async () => {
    const pss = verifier(rsa.publicKey, 'PS256');
    expect(await outcome(pss, await sign('PS256', rsa.privateKey))).toBe('accepted');
    expect(await outcome(pss, await sign('RS256', rsa.privateKey))).toBe('algorithm');
  });

  it('reads a PEM given with escaped newlines, as environment variables carry it', async () => {
    const escaped = verifier(pem(rsa.publicKey).replace(/\n/g, '\\n'));
    expect(await outcome(escaped, await sign('RS256', rsa.privateKey))).toBe('accepted');
  });

  it('refuses HS256 signed with the public key as a secret (algorithm confusion)', async () => {
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256' })}.${b64(claims())}`;
    const token = `${unsigned}.${createHmac('sha256', pem(rsa.publicKey)).update(unsigned).digest('base64url')}`;
    expect(await outcome(verifier(rsa.publicKey), token)).toBe('algorithm');
  });

  it('refuses a token signed with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(await outcome(verifier(rsa.publicKey), await sign('RS256', other.privateKey))).toBe('signature');
  });

  it('still requires a future exp', async () => {
    const token = await sign('RS256', rsa.privateKey, {
      sub: randomUUID(),
      iat: NOW / 1000 - 60,
      exp: NOW / 1000 - 5,
    });
    expect(await outcome(verifier(rsa.publicKey), token)).toBe('expired');
  });
});
