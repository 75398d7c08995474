import { type DataSource } from 'typeorm';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { testKafka, waitFor, withProjectionGround } from '@pft/testing';
import { PilotTotalsConsumer } from './pilot-totals.consumer';
import { recordProjectionGroup, sweepProjectionGroups } from './projection-rebuild-groups';

/**
 * A Kafka client whose consumers run `beforeJoin` when they connect: after their consumer recorded its
 * group, before it joins it (the window in which a replica starting is not yet a member of the group).
 */
function joiningAfter(kafka: KafkaClient, beforeJoin: () => Promise<unknown>): KafkaClient {
  return new Proxy(kafka, {
    get(target, property) {
      if (property === 'consumer')
        return (...args: Parameters<KafkaClient['consumer']>) => {
          const consumer = target.consumer(...args);
          const connect = consumer.connect.bind(consumer);
          consumer.connect = async () => {
            await beforeJoin();
            await connect();
          };
          return consumer;
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('the consumer groups of the projection, recorded while in use (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-projection-groups');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 4, (made) => (dataSource = made));

  const recorded = async (topic: string): Promise<number[]> =>
    (
      await dataSource.query<{ version: number }[]>(
        `select version from projection_groups where topic = $1 order by version`,
        [topic],
      )
    ).map((r) => r.version);

  it('keeps the group of a replica starting recorded when a replica of another topic sweeps meanwhile (a rolling update of PILOT_EVENTS_TOPIC)', async () => {
    const [oldTopic] = await ground.topicPair('groups-old-topic', 1);
    const [topic, deadLetters] = await ground.topicPair('groups-new-topic', 1);
    // A replica still configured with the old topic takes every other topic's group for stale: it
    // sweeps just as the new replica has recorded its group and not joined it yet.
    const oldReplicaSweeps = () =>
      sweepProjectionGroups({
        kafka,
        dataSource,
        topic: oldTopic,
        active: 1,
        withinMs: 0,
        warnMembers: false,
      });
    const consumer = new PilotTotalsConsumer({
      kafka: joiningAfter(kafka, oldReplicaSweeps),
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      version: 1,
      concurrency: 1,
    });
    try {
      await consumer.start();
      await waitFor(() => (consumer.consuming ? true : undefined), 30_000, 'the consumer to join its group');
      // The group is in use: it must stay recorded, or it is never deleted once its version is dropped.
      await waitFor(
        async () => ((await recorded(topic)).includes(1) ? true : undefined),
        5_000,
        'the group in use to be recorded',
      );
    } finally {
      await consumer.stop();
    }
  }, 60_000);

  it('forgets the group of a topic no longer read once it is deleted', async () => {
    const [oldTopic] = await ground.topicPair('groups-gone-topic', 1);
    const [topic] = await ground.topicPair('groups-read-topic', 1);
    await recordProjectionGroup(dataSource, 1, oldTopic);
    expect(await sweepProjectionGroups({ kafka, dataSource, topic, active: 1, withinMs: 0 })).toEqual([]);
    expect(await recorded(oldTopic)).toEqual([]);
  }, 60_000);

  it('waits, when it stops, for the record of its group its last join made (the pool is closed after)', async () => {
    const [topic, deadLetters] = await ground.topicPair('groups-stop-topic', 1);
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    // Once the consumer recorded its group on starting, the group's row is held: the record its join
    // makes waits for it.
    const holdTheRecord = async () => {
      await holder.startTransaction();
      await holder.query(`select 1 from projection_groups where version = 1 and topic = $1 for update`, [
        topic,
      ]);
    };
    const warnings: string[] = [];
    const consumer = new PilotTotalsConsumer({
      kafka: joiningAfter(kafka, holdTheRecord),
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      version: 1,
      concurrency: 1,
      logger: { log: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    });
    let stopped = false;
    try {
      await consumer.start();
      await waitFor(() => (consumer.consuming ? true : undefined), 30_000, 'the consumer to join its group');
      const stopping = consumer.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Still waiting for the join's record: the command that stops it closes the pool only after.
      expect(stopped).toBe(false);
      await holder.commitTransaction();
      await stopping;
      expect(stopped).toBe(true);
      expect(warnings.filter((w) => w.includes('not recorded'))).toEqual([]);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
      if (!stopped) await consumer.stop();
    }
  }, 60_000);
});
