import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  type AppName,
  type AppProcess,
  createServiceEnv,
  type ServiceEnv,
  startAppProcess,
  startBuiltProcess,
  testKafka,
} from '@pft/testing';

/**
 * The development defaults each process is refused in production: those of the variables it reads
 * (the pilot app API checks pilot tokens, `pft` signs them, the relay reads only the database).
 */
const UNSAFE_DEFAULTS = [
  'JWT_SECRET',
  'JWT_ALLOW_HS256',
  'JWT_ISSUER',
  'JWT_AUDIENCE',
  'DATABASE_URL',
  'REDIS_URL',
  'PFT_MASTER_KEY',
];
const UNSAFE_DEFAULTS_READ: Record<AppName | 'relay' | 'pft', string[]> = {
  ingestion: UNSAFE_DEFAULTS,
  'partner-api': ['DATABASE_URL', 'REDIS_URL', 'PFT_MASTER_KEY'],
  projector: ['DATABASE_URL', 'REDIS_URL', 'PFT_MASTER_KEY'],
  webhooks: ['DATABASE_URL', 'PFT_MASTER_KEY'],
  relay: ['DATABASE_URL'],
  pft: UNSAFE_DEFAULTS.filter((variable) => variable !== 'JWT_ALLOW_HS256'),
};
const STRONG_SECRET = 'k8Vq2n5Zr1Xw7Lp4Ty9Hd3Fs6Jb0Mc2G';

/** The variables a configuration problem names, one per line of the refusal. */
const namedVariables = (output: string): string[] =>
  [...output.matchAll(/^ {2}([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);

describe('NODE_ENV=production refuses the development defaults (built apps, e2e)', () => {
  const kafka = testKafka('pft-production-config');
  /** A database and topics of this test's own: a projector must find its topic, never the run's. */
  let service: ServiceEnv;
  /** Every variable this test decides, so nothing of the calling shell's environment leaks in. */
  let safe: Record<string, string>;
  const running: AppProcess[] = [];

  beforeAll(async () => {
    service = await createServiceEnv(kafka, 'production-config', 1);
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    safe = {
      NODE_ENV: 'production',
      ...service.env,
      // The local Redis, but chosen on purpose: only the value left at its default is refused.
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      JWT_ISSUER: 'https://id.example.test/',
      JWT_AUDIENCE: 'pilot-flight-totals',
      JWT_SECRET: '',
      JWT_ALLOW_HS256: '',
      JWT_ALGORITHMS: '',
      JWKS_URL: '',
      PFT_MASTER_KEY: randomBytes(32).toString('base64'),
    };
  });

  afterAll(async () => {
    await Promise.all(running.map((app) => app.stop('SIGKILL')));
    await service?.drop();
  });

  async function exitOf(
    name: AppName,
    env: Record<string, string>,
  ): Promise<{ code: unknown; output: string }> {
    const app = await startAppProcess(name, env, { waitReady: false });
    running.push(app);
    return { code: await app.exited, output: app.output() };
  }

  it.each<[string, string, Record<string, string>]>([
    ['the built-in JWT secret', 'JWT_SECRET', { JWT_PUBLIC_KEY: '', JWT_ALLOW_HS256: 'true' }],
    [
      'a JWT secret under 32 bytes',
      'JWT_SECRET',
      { JWT_PUBLIC_KEY: '', JWT_ALLOW_HS256: 'true', JWT_SECRET: 'x'.repeat(31) },
    ],
    ['HS256 without JWT_ALLOW_HS256', 'JWT_ALLOW_HS256', { JWT_PUBLIC_KEY: '', JWT_SECRET: STRONG_SECRET }],
    ['no JWT_ISSUER', 'JWT_ISSUER', { JWT_ISSUER: '' }],
    ['no JWT_AUDIENCE', 'JWT_AUDIENCE', { JWT_AUDIENCE: '' }],
    ['the local DATABASE_URL', 'DATABASE_URL', { DATABASE_URL: '' }],
    ['the local REDIS_URL', 'REDIS_URL', { REDIS_URL: '' }],
    ['the development master key', 'PFT_MASTER_KEY', { PFT_MASTER_KEY: '' }],
    [
      'a JWKS_URL over http',
      'JWKS_URL',
      { JWT_PUBLIC_KEY: '', JWKS_URL: 'http://id.example.test/jwks.json' },
    ],
  ])('ingestion with %s exits 78 naming %s', async (_what, variable, change) => {
    const { code, output } = await exitOf('ingestion', { ...safe, ...change });
    expect(code).toBe(78);
    expect(namedVariables(output)).toEqual([variable]);
  });

  it.each<AppName>(['partner-api', 'projector', 'webhooks', 'ingestion'])(
    '%s with no configuration but NODE_ENV=production exits 78 naming every unsafe default it reads',
    async (name) => {
      const bare = Object.fromEntries(Object.keys(safe).map((variable) => [variable, '']));
      const { code, output } = await exitOf(name, { ...bare, NODE_ENV: 'production' });
      expect(code).toBe(78);
      expect(output).toContain(`${name}: Invalid configuration`);
      expect(namedVariables(output).sort()).toEqual([...UNSAFE_DEFAULTS_READ[name]].sort());
    },
  );

  it('the stand-alone relay and the pft command refuse those they read', async () => {
    const bare = {
      ...Object.fromEntries(Object.keys(safe).map((variable) => [variable, ''])),
      NODE_ENV: 'production',
    };
    const relay = startBuiltProcess(join('apps', 'ingestion', 'src', 'relay', 'relay-main.js'), [], bare);
    expect(await relay.exited).toBe(78);
    expect(namedVariables(relay.output()).sort()).toEqual([...UNSAFE_DEFAULTS_READ.relay].sort());

    const pft = startBuiltProcess(join('apps', 'cli', 'src', 'main.js'), ['partners', 'list'], bare);
    expect(await pft.exited).not.toBe(0);
    expect(namedVariables(pft.output()).sort()).toEqual([...UNSAFE_DEFAULTS_READ.pft].sort());
  });

  it.each<AppName>(['partner-api', 'projector', 'webhooks', 'ingestion'])(
    '%s starts, ready, with a production configuration of its own',
    async (name) => {
      const app = await startAppProcess(name, safe);
      running.push(app);
      expect((await fetch(`${app.url}/health/ready`)).status).toBe(200);
      expect(await app.stop('SIGTERM')).toBe(0);
    },
  );
});
