import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { foldConcurrency, projectionConsumerOptions } from './pilot-totals.consumer-options';

describe('foldConcurrency', () => {
  it('leaves two of the pool’s connections free, and applies at most 8 partitions at once and at least 1', () => {
    expect(foldConcurrency(20)).toBe(8);
    expect(foldConcurrency(10)).toBe(8);
    expect(foldConcurrency(5)).toBe(3);
    expect(foldConcurrency(3)).toBe(1);
    expect(foldConcurrency(1)).toBe(1);
  });
});

describe('projectionConsumerOptions', () => {
  const options = (sessionTimeoutMs?: number) => ({
    kafka: {} as KafkaClient,
    dataSource: {} as DataSource,
    topic: 'pilot-events',
    deadLetterTopic: 'pilot-events-dlq',
    version: 3,
    sessionTimeoutMs,
  });

  it('gives each version its own group, a rebalance half the session and a heartbeat a tenth of it', () => {
    expect(projectionConsumerOptions(options())).toMatchObject({
      groupId: 'pft-projector-pilot-events-pilot_totals-v3',
      sessionTimeoutMs: 6000,
      rebalanceTimeoutMs: 3000,
      heartbeatIntervalMs: 600,
    });
    expect(projectionConsumerOptions(options(10001))).toMatchObject({
      sessionTimeoutMs: 10001,
      rebalanceTimeoutMs: 5001,
      heartbeatIntervalMs: 1000,
    });
  });
});
