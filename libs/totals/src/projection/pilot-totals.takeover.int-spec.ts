import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { KAFKA_CLIENTS, type KafkaClientName } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { expectOracleTotals, TEST_KAFKA_BROKERS, waitFor, withProjectionGround } from '@pft/testing';
import {
  asKafkaMessages,
  historyMessages,
  type PilotHistory,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';
import { type PilotTotalsConsumer } from './pilot-totals.consumer';
import { projectionGroupId } from './pilot-totals.consumer-options';
import { projectionMetrics } from './projection-metrics';

/** Messages fetched below the stored offset so far, in this process (every consumer of the test). */
async function fetchedBehind(): Promise<number> {
  const { values } = await projectionMetrics.behind.get();
  return values.reduce((sum, v) => sum + v.value, 0);
}

/**
 * A describe's Kafka client, projection ground (its own database) and a way to start a consumer that
 * has joined its group.
 */
function projectorSuite(client: KafkaClientName, name: string) {
  const kafka = createKafka(TEST_KAFKA_BROKERS, `pft-${name}-${client}`, undefined, undefined, client);
  const suite = { dataSource: undefined as unknown as DataSource };
  const ground = withProjectionGround(kafka, 8, (made) => (suite.dataSource = made));
  const consumer = async (topic: string, deadLetterTopic: string): Promise<PilotTotalsConsumer> => {
    const c = await ground.startConsumer(topic, deadLetterTopic);
    await waitFor(() => (c.consuming ? true : undefined), 30_000, 'the consumer to join its group');
    return c;
  };
  /** A projector folds the histories' events, published to `topic`, and leaves the group. */
  const foldAndLeave = async (topic: string, deadLetterTopic: string, histories: PilotHistory[]) => {
    const first = await consumer(topic, deadLetterTopic);
    try {
      await publishMessages(kafka, topic, asKafkaMessages(historyMessages(histories)));
      await waitForProjection(kafka, suite.dataSource, topic);
    } finally {
      await first.stop();
    }
  };
  return { kafka, ground, consumer, foldAndLeave, db: () => suite.dataSource };
}

describe.each(KAFKA_CLIENTS)(
  'a partition taken over by another projector (%s)',
  (client: KafkaClientName) => {
    const { kafka, ground, consumer, db } = projectorSuite(client, 'takeover');

    it('is read on from the offset stored with the projection, not from an older one', async () => {
      const [topic, deadLetters] = await ground.topicPair(`takeover-${client}`, 4);
      const histories = sampleHistories(40, 45, 6060);
      const messages = asKafkaMessages(historyMessages(histories));
      const third = Math.floor(messages.length / 3);

      // The first replica alone, then a second that takes half the partitions, both applying more.
      const first = await consumer(topic, deadLetters);
      let second: PilotTotalsConsumer | undefined;
      try {
        await publishMessages(kafka, topic, messages.slice(0, third));
        await waitForProjection(kafka, db(), topic);
        second = await consumer(topic, deadLetters);
        await publishMessages(kafka, topic, messages.slice(third, 2 * third));
        await waitForProjection(kafka, db(), topic);

        // The first leaves: the second is given its partitions and must read them on from where the
        // first stopped, fetching nothing the projection already holds.
        const behindBefore = await fetchedBehind();
        await first.stop();
        await publishMessages(kafka, topic, messages.slice(2 * third));
        await waitForProjection(kafka, db(), topic);
        expect((await fetchedBehind()) - behindBefore).toBe(0);
      } finally {
        await first.stop();
        await second?.stop();
      }

      await expectOracleTotals(db(), histories);
    });
  },
);

describe.each(KAFKA_CLIENTS)(
  'a projection database behind its group in Kafka (%s)',
  (client: KafkaClientName) => {
    const { kafka, ground, consumer, foldAndLeave, db } = projectorSuite(client, 'restored');

    it('restored from a backup, is read on from its own stored offset, nothing skipped', async () => {
      const [topic, deadLetters] = await ground.topicPair(`restored-${client}`, 4);
      const histories = sampleHistories(30, 45, 7070);
      await foldAndLeave(topic, deadLetters, histories);
      // The database as an empty backup left it: nothing projected, no offsets; the group's commit in
      // Kafka stays at the topic's end.
      const tables = await db().query<{ tablename: string }[]>(
        `select tablename from pg_tables where schemaname = 'public' and tablename ~ '^pilot_.*_v[0-9]+$'`,
      );
      expect(tables.length).toBeGreaterThan(0);
      for (const { tablename } of tables) await db().query(`truncate ${tablename}`);
      await db().query(`delete from projection_offsets`);

      const again = await consumer(topic, deadLetters);
      try {
        await waitForProjection(kafka, db(), topic);
      } finally {
        await again.stop();
      }
      await expectOracleTotals(db(), histories);
    });
  },
);

describe.each(KAFKA_CLIENTS)(
  'a group commit behind the offsets stored with the projection (%s)',
  (client: KafkaClientName) => {
    const { kafka, ground, consumer, foldAndLeave, db } = projectorSuite(client, 'lagging');

    /** Commits offset 0 of every partition as the projection's group: a commit far behind what is stored. */
    async function rewindGroupCommit(topic: string, partitions: number): Promise<void> {
      const member = kafka.consumer({ groupId: projectionGroupId(topic, 1), sessionTimeoutMs: 6000 });
      let joined = false;
      member.onGroupJoin(() => (joined = true));
      await member.connect();
      try {
        await member.subscribe([topic], { fromBeginning: true });
        await member.run({ autoCommit: false, eachBatch: () => Promise.resolve() });
        await waitFor(() => (joined ? true : undefined), 30_000, 'the rewinding member to join');
        await member.commitOffsets(
          Array.from({ length: partitions }, (_, partition) => ({ topic, partition, offset: '0' })),
        );
      } finally {
        await member.disconnect();
      }
    }

    it('reads a partition it is given from the stored offset, even when that is read slowly', async () => {
      const [topic, deadLetters] = await ground.topicPair(`lagging-${client}`, 4);
      const histories = sampleHistories(20, 30, 8080);
      await foldAndLeave(topic, deadLetters, histories);
      await rewindGroupCommit(topic, 4);

      // The stored offsets are read while a lock holds them: the client meanwhile fetches from the
      // group's commit, at 0, and what it fetches must not be applied (nor counted as behind).
      const behindBefore = await fetchedBehind();
      const locker = db().createQueryRunner();
      await locker.connect();
      let again: PilotTotalsConsumer | undefined;
      try {
        await locker.startTransaction();
        await locker.query('lock table projection_offsets in access exclusive mode');
        const starting = consumer(topic, deadLetters);
        again = await starting;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await locker.commitTransaction();
        await waitForProjection(kafka, db(), topic);
        expect((await fetchedBehind()) - behindBefore).toBe(0);
      } finally {
        if (locker.isTransactionActive) await locker.rollbackTransaction();
        await locker.release();
        await again?.stop();
      }
      await expectOracleTotals(db(), histories);
    });
  },
);
