import { loadConfig } from '@pft/platform';
import { configProblems } from '@pft/testing/config-problems';
import { IngestionConfig } from './ingestion.config';
import { RelayConfig } from './relay/relay.config';

const problemsOf = (env: Record<string, string>): string[] => configProblems(IngestionConfig, env);

describe('IngestionConfig', () => {
  it('works with no variables at all: every default is valid', () => {
    const config = loadConfig(IngestionConfig, {});
    expect([config.INGESTION_PORT, config.PILOT_AUTH_FAILURES_PER_MINUTE, config.RELAY_ENABLED]).toEqual([
      3001,
      30,
      true,
    ]);
  });

  it("bounds the relay's lease: 5 s by default, at least 1 s", () => {
    expect(loadConfig(IngestionConfig, {}).RELAY_LEASE_MS).toBe(5000);
    expect(loadConfig(IngestionConfig, { RELAY_LEASE_MS: '2000' }).RELAY_LEASE_MS).toBe(2000);
    expect(() => loadConfig(IngestionConfig, { RELAY_LEASE_MS: '999' })).toThrow(/RELAY_LEASE_MS="999"/);
    expect(() => loadConfig(IngestionConfig, { RELAY_LEASE_MS: 'long' })).toThrow(/RELAY_LEASE_MS="long"/);
  });

  it("bounds the relay's linger: 20 ms by default, 0 to send each commit at once, at most 1 s", () => {
    expect(loadConfig(IngestionConfig, {}).RELAY_LINGER_MS).toBe(20);
    expect(loadConfig(IngestionConfig, { RELAY_LINGER_MS: '0' }).RELAY_LINGER_MS).toBe(0);
    expect(() => loadConfig(IngestionConfig, { RELAY_LINGER_MS: '-1' })).toThrow(/RELAY_LINGER_MS="-1"/);
    expect(() => loadConfig(IngestionConfig, { RELAY_LINGER_MS: '1001' })).toThrow(/RELAY_LINGER_MS="1001"/);
  });

  it('relays the outbox on @platformatic/kafka unless RELAY_KAFKA_CLIENT names kafkajs', () => {
    expect(loadConfig(IngestionConfig, {}).RELAY_KAFKA_CLIENT).toBe('platformatic');
    expect(loadConfig(IngestionConfig, { RELAY_KAFKA_CLIENT: 'kafkajs' }).RELAY_KAFKA_CLIENT).toBe('kafkajs');
  });

  it.each([
    ['INGESTION_PORT', '70000'],
    ['RELAY_KAFKA_CLIENT', 'librdkafka'],
    ['WRITE_GROUPING', 'maybe'],
    ['RELAY_ENABLED', 'yes'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([
      expect.stringContaining(`${name}=${JSON.stringify(value)}`),
    ]);
  });

  it('in production, accepts a JWKS URL, issuer, audience, master key, database and Redis of its own', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://pft:password@db.internal:5432/pilot_totals',
      REDIS_URL: 'rediss://cache.internal:6380',
      JWKS_URL: 'https://id.example.test/.well-known/jwks.json',
      JWT_ISSUER: 'https://id.example.test/',
      JWT_AUDIENCE: 'pilot-flight-totals',
      PFT_MASTER_KEY: Buffer.alloc(32, 42).toString('base64'),
    };
    expect(problemsOf(env)).toEqual([]);
  });

  it('in production, is refused every development default it reads', () => {
    const refused = problemsOf({ NODE_ENV: 'production' }).map((p) => p.slice(0, p.indexOf('=')));
    expect(refused.sort()).toEqual(
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
});

describe('RelayConfig', () => {
  it('reads the relay, the database and Kafka, nothing of the HTTP API', () => {
    const config = loadConfig(RelayConfig, {});
    expect(config.RELAY_LEASE_MS).toBe(5000);
    expect(config).not.toHaveProperty('INGESTION_PORT');
    expect(config).not.toHaveProperty('JWT_SECRET');
    expect(() => loadConfig(RelayConfig, { NODE_ENV: 'production' })).toThrow(
      /Invalid configuration:\n {2}DATABASE_URL=\(default\)[^\n]*$/,
    );
  });
});
