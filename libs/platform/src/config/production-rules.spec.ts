import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from './load-config';
import { EveryGroupConfig } from './shared-groups.fixture';

/** A production environment with nothing left at a development default. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://pft:password@db.internal:5432/pilot_totals',
  REDIS_URL: 'rediss://cache.internal:6380',
  JWKS_URL: 'https://id.example.test/.well-known/jwks.json',
  JWT_ISSUER: 'https://id.example.test/',
  JWT_AUDIENCE: 'pilot-flight-totals',
  PFT_MASTER_KEY: Buffer.alloc(32, 42).toString('base64'),
};
const STRONG_SECRET = 'k8Vq2n5Zr1Xw7Lp4Ty9Hd3Fs6Jb0Mc2G';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(EveryGroupConfig, env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}
const variablesOf = (env: Record<string, string>): string[] =>
  problemsOf(env).map((problem) => problem.slice(0, problem.indexOf('=')));

describe('production configuration', () => {
  it('accepts a production configuration with a JWKS URL, issuer and audience of its own', () => {
    expect(problemsOf(SAFE_PRODUCTION)).toEqual([]);
    expect(loadConfig(EveryGroupConfig, SAFE_PRODUCTION).NODE_ENV).toBe('production');
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
    ['the local DATABASE_URL, unset', { DATABASE_URL: '' }, 'DATABASE_URL'],
    [
      'the local DATABASE_URL, written out',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pilot_totals' },
      'DATABASE_URL',
    ],
    ['the local REDIS_URL, unset', { REDIS_URL: '' }, 'REDIS_URL'],
    ['the local REDIS_URL, written out', { REDIS_URL: 'redis://127.0.0.1:6379' }, 'REDIS_URL'],
    ['no token issuer', { JWT_ISSUER: '' }, 'JWT_ISSUER'],
    ['no token audience', { JWT_AUDIENCE: '' }, 'JWT_AUDIENCE'],
    ['a JWKS URL over plain http', { JWKS_URL: 'http://id.example.test/jwks.json' }, 'JWKS_URL'],
  ])('refuses %s, naming %s', (_what, change, variable) => {
    expect(variablesOf({ ...SAFE_PRODUCTION, ...change })).toEqual([variable]);
  });

  it('names every unsafe default at once when nothing is configured', () => {
    expect(variablesOf({ NODE_ENV: 'production' }).sort()).toEqual(
      [
        'DATABASE_URL',
        'JWT_ALLOW_HS256',
        'JWT_AUDIENCE',
        'JWT_ISSUER',
        'JWT_SECRET',
        'PFT_MASTER_KEY',
        'REDIS_URL',
      ].sort(),
    );
  });

  it('says why, without printing the secret', () => {
    const problems = problemsOf({ ...SAFE_PRODUCTION, JWKS_URL: '', JWT_ALLOW_HS256: 'true' });
    expect(problems).toEqual([expect.stringMatching(/^JWT_SECRET=\(default\): .*development secret/)]);
    const given = problemsOf({ ...SAFE_PRODUCTION, JWKS_URL: '', JWT_SECRET: STRONG_SECRET });
    expect(given.join('\n')).not.toContain(STRONG_SECRET);
  });

  it('refuses the development master key and a master key that is not 32 bytes, without printing it', () => {
    expect(variablesOf({ ...SAFE_PRODUCTION, PFT_MASTER_KEY: '' })).toEqual(['PFT_MASTER_KEY']);
    const short = Buffer.alloc(16, 1).toString('base64');
    const problems = problemsOf({ ...SAFE_PRODUCTION, PFT_MASTER_KEY: short });
    expect(problems).toEqual([
      expect.stringMatching(/^PFT_MASTER_KEY=\(24 bytes, not shown\): .*32 random bytes/),
    ]);
    expect(problems.join('\n')).not.toContain(short);
    expect(variablesOf({ NODE_ENV: 'development', PFT_PREVIOUS_MASTER_KEYS: `${short},x` })).toEqual([
      'PFT_PREVIOUS_MASTER_KEYS',
    ]);
  });

  it.each(['development', 'test'])('keeps every development default in %s', (NODE_ENV) => {
    expect(problemsOf({ NODE_ENV })).toEqual([]);
  });
});
