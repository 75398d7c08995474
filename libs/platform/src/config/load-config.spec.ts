import { expectRefusedAlone } from '@pft/testing/config-problems';
import { loadConfig } from './load-config';
import { EveryGroupConfig } from './shared-groups.fixture';

describe('loadConfig', () => {
  it('works with no variables at all: every default is valid', () => {
    const config = loadConfig(EveryGroupConfig, {});
    expect(config).toBeInstanceOf(EveryGroupConfig);
    expect(config.KAFKA_BROKERS).toBe('127.0.0.1:9092');
  });

  it('bounds waiting on the database and Redis by default', () => {
    const config = loadConfig(EveryGroupConfig, {});
    expect([
      config.DATABASE_CONNECT_TIMEOUT_MS,
      config.DATABASE_QUERY_TIMEOUT_MS,
      config.REDIS_COMMAND_TIMEOUT_MS,
    ]).toEqual([5000, 10000, 1000]);
  });

  it('takes METRICS_PORT 0 for a port the system picks, and nothing below', () => {
    expect(loadConfig(EveryGroupConfig, {}).METRICS_PORT).toBeUndefined();
    expect(loadConfig(EveryGroupConfig, { METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig(EveryGroupConfig, { METRICS_PORT: '-1' })).toThrow(/METRICS_PORT="-1"/);
  });

  it('reads numbers from strings', () => {
    expect(
      loadConfig(EveryGroupConfig, { DATABASE_POOL_SIZE: '20', PILOT_EVENTS_PARTITIONS: '24' }),
    ).toMatchObject({
      DATABASE_POOL_SIZE: 20,
      PILOT_EVENTS_PARTITIONS: 24,
    });
  });

  it('uses kafkajs unless KAFKA_CLIENT names @platformatic/kafka', () => {
    expect(loadConfig(EveryGroupConfig, {}).KAFKA_CLIENT).toBe('kafkajs');
    expect(loadConfig(EveryGroupConfig, { KAFKA_CLIENT: 'platformatic' }).KAFKA_CLIENT).toBe('platformatic');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(EveryGroupConfig, { LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it.each([
    ['DATABASE_POOL_SIZE', 'ten'],
    ['METRICS_PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['REDIS_URL', 'localhost:6379'],
    ['KAFKA_BROKERS', '127.0.0.1'],
    ['KAFKA_CLIENT', 'librdkafka'],
    ['LOG_LEVEL', 'loud'],
    ['PILOT_EVENTS_TOPIC', 'has spaces'],
    ['TRUSTED_PROXIES', 'proxy.internal'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', '10.0.0.1,,nonsense'],
    ['DATABASE_QUERY_TIMEOUT_MS', '-1'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
  ])('names the bad variable %s=%s', (name, value) => expectRefusedAlone(EveryGroupConfig, name, value));

  it('takes addresses, CIDR ranges and the named ranges as trusted proxies', () => {
    const value = '10.0.0.0/8, 192.168.1.10,fd00::/8, ::1, loopback';
    expect(loadConfig(EveryGroupConfig, { TRUSTED_PROXIES: value }).TRUSTED_PROXIES).toBe(value);
    expect(loadConfig(EveryGroupConfig, {}).TRUSTED_PROXIES).toBe('');
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig(EveryGroupConfig, { DATABASE_POOL_SIZE: 'x', REDIS_URL: 'y' })).toThrow(
      /DATABASE_POOL_SIZE[\s\S]*REDIS_URL/,
    );
  });

  it('does not print the password of a refused URL', () => {
    expect(() => loadConfig(EveryGroupConfig, { DATABASE_URL: 'mysql://app:hunter2@db.internal/x' })).toThrow(
      'DATABASE_URL="mysql://app:***@db.internal/x"',
    );
  });
});
