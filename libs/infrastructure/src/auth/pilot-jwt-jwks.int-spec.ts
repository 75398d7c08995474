import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { PilotJwtVerifier, PilotTokenRejected } from './pilot-jwt';
import { JwksKeySource } from './pilot-jwt-keys';

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('pilot tokens checked against a JWKS URL', () => {
  const first = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const second = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let published = [{ ...first.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' }];
  let fetches = 0;
  let server: Server;
  let url: string;

  const token = (kid: string, key = first.privateKey) => {
    const unsigned = `${b64({ alg: 'RS256', kid })}.${b64({ sub: randomUUID(), exp: Math.floor(Date.now() / 1000) + 60 })}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
  };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches++;
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('verifies by kid, caches the set, and picks up a rotated key without restart', async () => {
    const verifier = new PilotJwtVerifier(new JwksKeySource(url, 60_000, 0));
    await expect(verifier.verify(token('k1'))).resolves.toMatchObject({ pilotAccountId: expect.any(String) });
    await verifier.verify(token('k1'));
    expect(fetches).toBe(1);

    published = [...published, { ...second.publicKey.export({ format: 'jwk' }), kid: 'k2', use: 'sig' }];
    await expect(verifier.verify(token('k2', second.privateKey))).resolves.toBeDefined();
    expect(fetches).toBe(2);

    await expect(verifier.verify(token('k3', second.privateKey))).rejects.toBeInstanceOf(PilotTokenRejected);
    await expect(verifier.verify(token('k1', second.privateKey))).rejects.toThrow('bad signature');
  });
});
