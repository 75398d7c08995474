import { generateKeyPairSync } from 'node:crypto';
import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { configProblems, refusedVariables } from '@pft/testing/config-problems';
import { WithPilotTokenCheck, WithPilotTokenSigning } from './pilot-token-variables';

class PilotTokenConfig extends WithPilotTokenCheck(NodeEnvVariables) {}
class PilotTokenSigningConfig extends WithPilotTokenSigning(NodeEnvVariables) {}

/** A production environment with nothing of the pilot tokens' left at a development default. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  JWKS_URL: 'https://id.example.test/.well-known/jwks.json',
  JWT_ISSUER: 'https://id.example.test/',
  JWT_AUDIENCE: 'pilot-flight-totals',
};
const STRONG_SECRET = 'k8Vq2n5Zr1Xw7Lp4Ty9Hd3Fs6Jb0Mc2G';

const problemsOf = (env: Record<string, string>, type: new () => object = PilotTokenConfig): string[] =>
  configProblems(type, env);
const variablesOf = (env: Record<string, string>, type: new () => object = PilotTokenConfig): string[] =>
  refusedVariables(type, env);

describe('production configuration of pilot tokens', () => {
  it('accepts a production configuration with a JWKS URL, issuer and audience of its own', () => {
    expect(problemsOf(SAFE_PRODUCTION)).toEqual([]);
    expect(loadConfig(PilotTokenConfig, SAFE_PRODUCTION).NODE_ENV).toBe('production');
  });

  it('accepts a PEM public key instead of the JWKS URL', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(problemsOf({ ...SAFE_PRODUCTION, JWKS_URL: '', JWT_PUBLIC_KEY: pem })).toEqual([]);
  });

  it('accepts the shared secret when asked for explicitly, with a secret of its own', () => {
    const env = { ...SAFE_PRODUCTION, JWKS_URL: '', JWT_ALLOW_HS256: 'true', JWT_SECRET: STRONG_SECRET };
    expect(problemsOf(env)).toEqual([]);
  });

  it.each<[string, Record<string, string>, string]>([
    ['the built-in JWT secret', { JWKS_URL: '', JWT_ALLOW_HS256: 'true' }, 'JWT_SECRET'],
    [
      'a JWT secret of 31 bytes',
      { JWKS_URL: '', JWT_ALLOW_HS256: 'true', JWT_SECRET: 'x'.repeat(31) },
      'JWT_SECRET',
    ],
    ['HS256 without JWT_ALLOW_HS256', { JWKS_URL: '', JWT_SECRET: STRONG_SECRET }, 'JWT_ALLOW_HS256'],
    [
      'HS256 with JWT_ALLOW_HS256=false',
      { JWKS_URL: '', JWT_SECRET: STRONG_SECRET, JWT_ALLOW_HS256: 'false' },
      'JWT_ALLOW_HS256',
    ],
    ['no token issuer', { JWT_ISSUER: '' }, 'JWT_ISSUER'],
    ['no token audience', { JWT_AUDIENCE: '' }, 'JWT_AUDIENCE'],
    ['a JWKS URL over plain http', { JWKS_URL: 'http://id.example.test/jwks.json' }, 'JWKS_URL'],
  ])('refuses %s, naming %s', (_what, change, variable) => {
    expect(variablesOf({ ...SAFE_PRODUCTION, ...change })).toEqual([variable]);
  });

  it('refuses a process that only signs tokens the built-in secret, an issuer and an audience unset', () => {
    expect(variablesOf({ NODE_ENV: 'production' }, PilotTokenSigningConfig).sort()).toEqual(
      ['JWT_AUDIENCE', 'JWT_ISSUER', 'JWT_SECRET'].sort(),
    );
  });

  it('says why, without printing the secret', () => {
    const problems = problemsOf({ ...SAFE_PRODUCTION, JWKS_URL: '', JWT_ALLOW_HS256: 'true' });
    expect(problems).toEqual([expect.stringMatching(/^JWT_SECRET=\(default\): .*development secret/)]);
    const given = problemsOf({ ...SAFE_PRODUCTION, JWKS_URL: '', JWT_SECRET: STRONG_SECRET });
    expect(given.join('\n')).not.toContain(STRONG_SECRET);
  });

  it.each(['development', 'test'])('keeps every development default in %s', (NODE_ENV) => {
    expect(problemsOf({ NODE_ENV })).toEqual([]);
  });
});
