import { type KafkaClient, type TopicAdmin } from './kafka.port';
import { type TopicMismatch } from './topic-replication';
import { fixMinInsync } from './topics';

/** A topic admin that keeps min.insync.replicas per topic, and reports a set value only after `lag` reads. */
function lagging(lag: number): { kafka: KafkaClient; reads: () => number } {
  const set = new Map<string, string>();
  const readsSince = new Map<string, number>();
  let reads = 0;
  const admin = {
    connect: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
    alterTopicConfig: (topic: string, values: Record<string, string>) => {
      set.set(topic, values['min.insync.replicas']!);
      readsSince.set(topic, 0);
      return Promise.resolve();
    },
    topicConfig: (topic: string) => {
      reads += 1;
      const seen = (readsSince.get(topic) ?? 0) + 1;
      readsSince.set(topic, seen);
      return Promise.resolve({ 'min.insync.replicas': seen > lag ? set.get(topic)! : '1' });
    },
  } as Partial<TopicAdmin> as TopicAdmin;
  return { kafka: { admin: () => admin } as Partial<KafkaClient> as KafkaClient, reads: () => reads };
}

const mismatch = (topic: string, fixable = true): TopicMismatch => ({
  topic,
  setting: 'min.insync.replicas',
  actual: 1,
  wanted: 2,
  fixable,
});

describe('fixMinInsync', () => {
  it('answers what it fixed once the brokers report each new value', async () => {
    const { kafka, reads } = lagging(2);
    const fixed = await fixMinInsync(kafka, [mismatch('a'), mismatch('b'), mismatch('c', false)]);
    expect(fixed.map((m) => m.topic)).toEqual(['a', 'b']);
    // Each topic read until its third read showed the value set.
    expect(reads()).toBe(6);
  });

  it('refuses as KAFKA_SETTING_NOT_APPLIED when a value is not reported within the time given', async () => {
    const { kafka } = lagging(Number.POSITIVE_INFINITY);
    await expect(fixMinInsync(kafka, [mismatch('a')], { appliedWithinMs: 300 })).rejects.toMatchObject({
      name: 'KafkaTopicsError',
      code: 'KAFKA_SETTING_NOT_APPLIED',
      message: expect.stringContaining(
        'Topic a: min.insync.replicas was set to 2, but the brokers still report 1',
      ),
    });
  });

  it('asks nothing when no mismatch can be fixed in place', async () => {
    const { kafka, reads } = lagging(0);
    expect(await fixMinInsync(kafka, [mismatch('a', false)])).toEqual([]);
    expect(reads()).toBe(0);
  });
});
