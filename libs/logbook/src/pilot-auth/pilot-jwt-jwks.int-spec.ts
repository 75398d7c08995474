import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { PilotJwtVerifier, PilotTokenRejected } from './pilot-jwt';
import { KeySetUnavailable, pilotTokenKeyOf } from './pilot-jwt-keys';

describe('pilot tokens checked against a JWKS URL', () => {
  const first = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const second = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let published = [{ ...first.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' }];
  let status = 200;
  let fetches = 0;
  let server: Server;
  let url: string;

  const token = (kid: string, key: KeyObject = first.privateKey) =>
    new SignJWT({ sub: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(key);
  const verifierOf = (jwksUrl: string) =>
    new PilotJwtVerifier(
      // No cooldown, so the rotation below is picked up at once.
      pilotTokenKeyOf(
        { JWT_SECRET: 'unused-with-a-key-set-of-32-bytes!', JWKS_URL: jwksUrl },
        { cooldownMs: 0 },
      ),
      { clockToleranceSeconds: 30 },
    );

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches++;
      res.statusCode = status;
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('verifies by kid, caches the set, and picks up a rotated key without restart', async () => {
    const verifier = verifierOf(url);
    await expect(verifier.verify(await token('k1'))).resolves.toMatchObject({
      pilotAccountId: expect.any(String),
    });
    await verifier.verify(await token('k1'));
    expect(fetches).toBe(1);

    published = [...published, { ...second.publicKey.export({ format: 'jwk' }), kid: 'k2', use: 'sig' }];
    await expect(verifier.verify(await token('k2', second.privateKey))).resolves.toBeDefined();
    expect(fetches).toBe(2);

    await expect(verifier.verify(await token('k3', second.privateKey))).rejects.toMatchObject({
      reason: 'unknown-key',
    });
    await expect(verifier.verify(await token('k1', second.privateKey))).rejects.toMatchObject({
      reason: 'signature',
    });
  });

  it('tells a key set it cannot fetch (503) from a bad token (401)', async () => {
    status = 500;
    try {
      const err = await verifierOf(url)
        .verify(await token('k1'))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(KeySetUnavailable);
      expect(err).not.toBeInstanceOf(PilotTokenRejected);
    } finally {
      status = 200;
    }
  });
});
