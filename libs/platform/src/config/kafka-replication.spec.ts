import { configProblems } from '@pft/testing/config-problems';
import { loadConfig } from './load-config';
import { EveryGroupConfig } from './shared-groups.fixture';

const problems = (env: Record<string, string>): string[] => configProblems(EveryGroupConfig, env);

describe('KAFKA_REPLICATION_FACTOR and KAFKA_MIN_INSYNC_REPLICAS', () => {
  it('default to one replica and one in sync, as on the one-node local broker', () => {
    const config = loadConfig(EveryGroupConfig, {});
    expect([config.KAFKA_REPLICATION_FACTOR, config.KAFKA_MIN_INSYNC_REPLICAS]).toEqual([1, 1]);
  });

  it('read a cluster of three with two in sync', () => {
    const config = loadConfig(EveryGroupConfig, {
      KAFKA_REPLICATION_FACTOR: '3',
      KAFKA_MIN_INSYNC_REPLICAS: '2',
    });
    expect([config.KAFKA_REPLICATION_FACTOR, config.KAFKA_MIN_INSYNC_REPLICAS]).toEqual([3, 2]);
  });

  it('accepts as many in sync as there are replicas', () => {
    expect(problems({ KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '3' })).toEqual([]);
  });

  it('refuses more in-sync replicas than replicas, naming the factor', () => {
    expect(problems({ KAFKA_REPLICATION_FACTOR: '2', KAFKA_MIN_INSYNC_REPLICAS: '3' })).toEqual([
      'KAFKA_MIN_INSYNC_REPLICAS="3": KAFKA_MIN_INSYNC_REPLICAS must be a whole number from 1 to KAFKA_REPLICATION_FACTOR (2)',
    ]);
  });

  it.each([['0'], ['-1'], ['two'], ['1.5']])('refuses KAFKA_MIN_INSYNC_REPLICAS=%s', (value) => {
    expect(problems({ KAFKA_MIN_INSYNC_REPLICAS: value })).toHaveLength(1);
    expect(problems({ KAFKA_MIN_INSYNC_REPLICAS: value })[0]).toMatch(/^KAFKA_MIN_INSYNC_REPLICAS=/);
  });

  it.each([['0'], ['three'], ['33']])('refuses KAFKA_REPLICATION_FACTOR=%s on its own variable', (value) => {
    expect(problems({ KAFKA_REPLICATION_FACTOR: value }).map((p) => p.split('=')[0])).toEqual([
      'KAFKA_REPLICATION_FACTOR',
    ]);
  });
});
