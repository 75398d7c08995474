import { type DataSource } from 'typeorm';
import { expectOracleTotals, testKafka, withProjectionGround } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { projectionGroupId } from './pilot-totals.consumer-options';
import { RebuildInterruptedError, rebuildPilotTotals } from './projection-rebuild';
import { readProjectionVersions } from './projection-versions';

describe('a rebuild resumed after PILOT_EVENTS_TOPIC changed (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-rebuild-topic-change');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

  it('begins the version again from offset 0 of the new topic, and it equals the oracle', async () => {
    // The old topic holds some events twice; the new one (every stored event published again, as
    // `pft privacy seal-events --republish-to` does) each once, then the events written since.
    const [oldTopic, deadLetters] = await ground.topicPair('rebuild-old-topic', 1);
    const [newTopic] = await ground.topicPair('rebuild-new-topic', 1);
    const before = sampleHistories(10, 20, 2024);
    const since = sampleHistories(10, 20, 2025);
    await publishMessages(
      kafka,
      oldTopic,
      asKafkaMessages(historyMessages(before, { duplicateEvery: 3 })),
      100,
    );
    await publishMessages(kafka, newTopic, asKafkaMessages(historyMessages(before)), 100);
    await publishMessages(kafka, newTopic, asKafkaMessages(historyMessages(since)), 100);

    // Built from the old topic to its end, and interrupted before the switch.
    const abort = new AbortController();
    await expect(
      rebuildPilotTotals({
        kafka,
        dataSource,
        topic: oldTopic,
        deadLetterTopic: deadLetters,
        pollMs: 20,
        signal: abort.signal,
        onProgress: ({ done, total }) => {
          if (total > 0 && done >= total) abort.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RebuildInterruptedError);
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 1, building: 2 });

    const warnings: string[] = [];
    const result = await rebuildPilotTotals({
      kafka,
      dataSource,
      topic: newTopic,
      deadLetterTopic: deadLetters,
      pollMs: 20,
      logger: { log: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    });
    expect(result).toMatchObject({ version: 2, resumed: false, built: true });
    expect(warnings).toContain(
      `version 2 was being built from the topic ${oldTopic}, not ${newTopic}: begun again from offset 0`,
    );
    // The group version 2 was being built with from the old topic goes with the rebuild.
    const admin = kafka.admin();
    await admin.connect();
    try {
      const group = projectionGroupId(oldTopic, 2);
      expect(await admin.deleteGroups([group])).toEqual(new Map([[group, 'not-found']]));
    } finally {
      await admin.disconnect();
    }
    const histories = [...before, ...since];
    await expectOracleTotals(dataSource, histories);
  }, 60_000);
});
