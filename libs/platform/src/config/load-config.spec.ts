import { AppConfig } from './app-config';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('works with no variables at all: every default is valid', () => {
    const config = loadConfig({});
    expect(config).toBeInstanceOf(AppConfig);
    expect(config.PARTNER_API_PORT).toBe(3000);
    expect(config.INGESTION_PORT).toBe(3001);
    expect(config.PROJECTOR_PORT).toBe(3002);
    expect(config.KAFKA_BROKERS).toBe('127.0.0.1:9092');
  });

  it("defaults to the decisions' 30 failed authentications per client a minute", () => {
    expect(loadConfig({}).PARTNER_AUTH_FAILURES_PER_MINUTE).toBe(30);
  });

  it('bounds waiting on the database and Redis by default', () => {
    const config = loadConfig({});
    expect([
      config.DATABASE_CONNECT_TIMEOUT_MS,
      config.DATABASE_QUERY_TIMEOUT_MS,
      config.REDIS_COMMAND_TIMEOUT_MS,
    ]).toEqual([5000, 10000, 1000]);
  });

  it("bounds the relay's lease: 5 s by default, at least 1 s", () => {
    expect(loadConfig({}).RELAY_LEASE_MS).toBe(5000);
    expect(loadConfig({ RELAY_LEASE_MS: '2000' }).RELAY_LEASE_MS).toBe(2000);
    expect(() => loadConfig({ RELAY_LEASE_MS: '999' })).toThrow(/RELAY_LEASE_MS="999"/);
    expect(() => loadConfig({ RELAY_LEASE_MS: 'long' })).toThrow(/RELAY_LEASE_MS="long"/);
  });

  it("bounds the relay's linger: 20 ms by default, 0 to send each commit at once, at most 1 s", () => {
    expect(loadConfig({}).RELAY_LINGER_MS).toBe(20);
    expect(loadConfig({ RELAY_LINGER_MS: '0' }).RELAY_LINGER_MS).toBe(0);
    expect(() => loadConfig({ RELAY_LINGER_MS: '-1' })).toThrow(/RELAY_LINGER_MS="-1"/);
    expect(() => loadConfig({ RELAY_LINGER_MS: '1001' })).toThrow(/RELAY_LINGER_MS="1001"/);
  });

  it("keeps 400 days of the access history by default, at least the pilot app API's year", () => {
    expect(loadConfig({}).ACCESS_HISTORY_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ ACCESS_HISTORY_RETENTION_DAYS: '730' }).ACCESS_HISTORY_RETENTION_DAYS).toBe(730);
    expect(() => loadConfig({ ACCESS_HISTORY_RETENTION_DAYS: '364' })).toThrow(
      /ACCESS_HISTORY_RETENTION_DAYS="364"/,
    );
    expect(() => loadConfig({ ACCESS_HISTORY_RETENTION_DAYS: 'forever' })).toThrow(
      /ACCESS_HISTORY_RETENTION_DAYS="forever"/,
    );
  });

  it('takes METRICS_PORT 0 for a port the system picks, and nothing below', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ METRICS_PORT: '-1' })).toThrow(/METRICS_PORT="-1"/);
  });

  it('reads numbers from strings', () => {
    expect(loadConfig({ PARTNER_API_PORT: '8080', PILOT_EVENTS_PARTITIONS: '24' })).toMatchObject({
      PARTNER_API_PORT: 8080,
      PILOT_EVENTS_PARTITIONS: 24,
    });
  });

  it('uses kafkajs unless KAFKA_CLIENT names @platformatic/kafka', () => {
    expect(loadConfig({}).KAFKA_CLIENT).toBe('kafkajs');
    expect(loadConfig({ KAFKA_CLIENT: 'platformatic' }).KAFKA_CLIENT).toBe('platformatic');
  });

  it('relays the outbox on @platformatic/kafka unless RELAY_KAFKA_CLIENT names kafkajs', () => {
    expect(loadConfig({}).RELAY_KAFKA_CLIENT).toBe('platformatic');
    expect(loadConfig({ RELAY_KAFKA_CLIENT: 'kafkajs' }).RELAY_KAFKA_CLIENT).toBe('kafkajs');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it.each([
    ['PARTNER_API_PORT', 'eighty'],
    ['INGESTION_PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['REDIS_URL', 'localhost:6379'],
    ['KAFKA_BROKERS', '127.0.0.1'],
    ['KAFKA_CLIENT', 'librdkafka'],
    ['RELAY_KAFKA_CLIENT', 'librdkafka'],
    ['LOG_LEVEL', 'loud'],
    ['PILOT_EVENTS_TOPIC', 'has spaces'],
    ['TRUSTED_PROXIES', 'proxy.internal'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', '10.0.0.1,,nonsense'],
    ['DATABASE_QUERY_TIMEOUT_MS', '-1'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['JWT_ALGORITHMS', 'HS256'],
    ['JWT_ALGORITHMS', 'RS256,none'],
    ['JWT_ALLOW_HS256', 'yes'],
    ['JWT_CLOCK_TOLERANCE_SECONDS', '3600'],
    ['JWKS_URL', 'file:///etc/keys.json'],
  ])('names the bad variable %s=%s', (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toHaveLength(1);
    expect((thrown as ConfigError).problems[0]).toContain(`${name}=${JSON.stringify(value)}`);
  });

  it('takes addresses, CIDR ranges and the named ranges as trusted proxies', () => {
    const value = '10.0.0.0/8, 192.168.1.10,fd00::/8, ::1, loopback';
    expect(loadConfig({ TRUSTED_PROXIES: value }).TRUSTED_PROXIES).toBe(value);
    expect(loadConfig({}).TRUSTED_PROXIES).toBe('');
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PARTNER_API_PORT: 'x', REDIS_URL: 'y' })).toThrow(
      /PARTNER_API_PORT[\s\S]*REDIS_URL/,
    );
  });

  it('refuses a JWT_SECRET under 32 bytes without printing it', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-and-secret' })).toThrow(
      'JWT_SECRET=(16 bytes, not shown): JWT_SECRET must be at least 32 bytes',
    );
    expect(() => loadConfig({ JWT_SECRET: 'short-and-secret' })).not.toThrow(/short-and-secret/);
    expect(loadConfig({ JWT_SECRET: 'é'.repeat(16) }).JWT_SECRET).toHaveLength(16);
  });

  it('does not print the password of a refused URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:hunter2@db.internal/x' })).toThrow(
      'DATABASE_URL="mysql://app:***@db.internal/x"',
    );
  });

  it('reads the pilot token settings, checking issuer and audience only when set', () => {
    expect(loadConfig({})).toMatchObject({
      JWT_ALLOW_HS256: false,
      JWT_CLOCK_TOLERANCE_SECONDS: 30,
      JWT_ISSUER: undefined,
      JWT_AUDIENCE: undefined,
      JWT_ALGORITHMS: undefined,
    });
    expect(
      loadConfig({
        JWT_ISSUER: 'https://id.example.test/',
        JWT_AUDIENCE: 'pft',
        JWT_CLOCK_TOLERANCE_SECONDS: '5',
        JWT_ALLOW_HS256: 'true',
        JWKS_URL: 'https://id.example.test/jwks.json',
        JWT_ALGORITHMS: 'RS256, ES256',
      }),
    ).toMatchObject({
      JWT_ISSUER: 'https://id.example.test/',
      JWT_AUDIENCE: 'pft',
      JWT_CLOCK_TOLERANCE_SECONDS: 5,
      JWT_ALLOW_HS256: true,
      JWT_ALGORITHMS: 'RS256, ES256',
    });
  });
});
