import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { NodeEnvVariables } from '@pft/platform';
import { configProblems } from '@pft/testing/config-problems';
import { WithPilotTokenCheck } from './pilot-token-variables';

class PilotTokenConfig extends WithPilotTokenCheck(NodeEnvVariables) {}

const pem = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' }).toString();
const problemsOf = (env: Record<string, string>): string[] => configProblems(PilotTokenConfig, env);

describe('JWT_PUBLIC_KEY and JWT_ALGORITHMS together', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('accepts algorithms the key can check', () => {
    expect(problemsOf({ JWT_PUBLIC_KEY: pem(ec.publicKey), JWT_ALGORITHMS: 'ES256' })).toEqual([]);
    expect(problemsOf({ JWT_PUBLIC_KEY: pem(rsa.publicKey), JWT_ALGORITHMS: 'RS256,PS256' })).toEqual([]);
    expect(problemsOf({ JWT_PUBLIC_KEY: pem(rsa.publicKey) })).toEqual([]);
  });

  it('refuses an algorithm the key cannot check, naming JWT_ALGORITHMS', () => {
    expect(problemsOf({ JWT_PUBLIC_KEY: pem(ec.publicKey), JWT_ALGORITHMS: 'RS256' })).toEqual([
      expect.stringMatching(/^JWT_ALGORITHMS="RS256": RS256 cannot be checked with the ec key/),
    ]);
    expect(problemsOf({ JWT_PUBLIC_KEY: pem(ec.publicKey), JWT_ALGORITHMS: 'ES384' })).toHaveLength(1);
  });

  it('refuses a key no accepted algorithm uses, naming JWT_PUBLIC_KEY', () => {
    const ed448 = generateKeyPairSync('ed448');
    expect(problemsOf({ JWT_PUBLIC_KEY: pem(ed448.publicKey) })).toEqual([
      expect.stringMatching(/^JWT_PUBLIC_KEY=.*ed448 key/),
    ]);
  });

  it('refuses a value that is no PEM key', () => {
    expect(problemsOf({ JWT_PUBLIC_KEY: 'not a key' })).toEqual([
      'JWT_PUBLIC_KEY=(9 bytes, not shown): JWT_PUBLIC_KEY must be a PEM public key (RSA, EC or Ed25519)',
    ]);
  });

  it('refuses a private key given as the public one, without printing it', () => {
    const privatePem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(problemsOf({ JWT_PUBLIC_KEY: privatePem })).toEqual([
      expect.stringMatching(
        /^JWT_PUBLIC_KEY=\(\d+ bytes, not shown\): JWT_PUBLIC_KEY must be a PEM public key/,
      ),
    ]);
  });
});
