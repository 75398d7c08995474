import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { testKafka, withProjectionGround } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { projectionGroupId } from './pilot-totals.consumer-options';
import { rebuildPilotTotals } from './projection-rebuild';
import { sweepProjectionGroups } from './projection-rebuild-groups';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

describe('the version a rebuild leaves, dropped (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-rebuild-drop');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made), { each: true });

  const deadLettersOf = async (version: number): Promise<number> => {
    const [row] = await dataSource.query<{ count: number }[]>(
      `select count(*)::int as count from projection_dead_letters where projection = $1 and version = $2`,
      [PILOT_TOTALS_PROJECTION, version],
    );
    return row!.count;
  };

  /** What deleting the group answers now: 'not-found' once the rebuild deleted it. */
  const groupNow = async (groupId: string): Promise<string | undefined> => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return (await admin.deleteGroups([groupId])).get(groupId);
    } finally {
      await admin.disconnect();
    }
  };

  it("goes with its dead letters (they name pilots) and its consumer group (with the group's offsets)", async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-drop', 2);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(6, 10, 11))), 100);
    // Version 1 folded by a projector that has left its group since, and set a message aside.
    const projector = await ground.startConsumer(topic, deadLetters);
    await projector.stop();
    await dataSource.query(
      `insert into projection_dead_letters (projection, version, topic, kafka_partition, kafka_offset, pilot_account_id, reason)
       values ($1, 1, $2, 0, 0, $3, 'unreadable')`,
      [PILOT_TOTALS_PROJECTION, topic, randomUUID()],
    );

    const result = await rebuildPilotTotals({
      kafka,
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      pollMs: 20,
    });

    expect(result).toMatchObject({ version: 2, dropped: [1] });
    expect(await deadLettersOf(1)).toBe(0);
    expect(await groupNow(projectionGroupId(topic, 1))).toBe('not-found');
    // The version readers are switched to keeps its group.
    expect(await groupNow(projectionGroupId(topic, 2))).toBe('deleted');
  }, 60_000);

  it('leaves a group that still has members after the wait, and says so naming it', async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-drop-member', 1);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(3, 5, 12))), 100);
    // A projector replica still on version 1 (it moves on at its next tick; this one never does).
    const projector = await ground.startConsumer(topic, deadLetters);
    const warnings: string[] = [];
    try {
      const result = await rebuildPilotTotals({
        kafka,
        dataSource,
        topic,
        deadLetterTopic: deadLetters,
        pollMs: 20,
        groupsEmptyWithinMs: 500,
        logger: { log: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
      });
      expect(result).toMatchObject({ version: 2, dropped: [1] });
      const group = projectionGroupId(topic, 1);
      expect(warnings).toContain(
        `the consumer group ${group} of version 1 still has members (a projector not moved to version 2 yet): ` +
          `not deleted; once they left, delete it with kafka-consumer-groups.sh --delete --group ${group}`,
      );
      expect(await groupNow(group)).toBe('not-empty');
    } finally {
      await projector.stop();
    }
    // Its members gone, the next rebuild deletes it: it was left for good.
    await rebuildPilotTotals({ kafka, dataSource, topic, deadLetterTopic: deadLetters, pollMs: 20 });
    expect(await groupNow(projectionGroupId(topic, 1))).toBe('not-found');
  }, 60_000);

  it("deletes at the projector's sweep a group left by the rebuild once its members have left", async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-drop-sweep', 1);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(3, 5, 13))), 100);
    const projector = await ground.startConsumer(topic, deadLetters);
    try {
      await rebuildPilotTotals({
        kafka,
        dataSource,
        topic,
        deadLetterTopic: deadLetters,
        pollMs: 20,
        groupsEmptyWithinMs: 0,
      });
    } finally {
      await projector.stop();
    }
    const left = await sweepProjectionGroups({ kafka, dataSource, topic, active: 2, withinMs: 0 });
    expect(left).toEqual([]);
    expect(await groupNow(projectionGroupId(topic, 1))).toBe('not-found');
    expect(await groupNow(projectionGroupId(topic, 2))).toBe('deleted');
  }, 60_000);
});
