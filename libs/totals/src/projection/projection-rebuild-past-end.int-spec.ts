import { type DataSource } from 'typeorm';
import { expectOracleTotals, testKafka, withProjectionGround } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { RebuildInterruptedError, rebuildPilotTotals } from './projection-rebuild';
import { readProjectionVersions } from './projection-versions';

describe('a rebuild resumed with offsets past the end of its topic (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-rebuild-past-end');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

  it('begins the version again from offset 0 rather than switch to it with the events it skipped, and it equals the oracle', async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-past-end', 2);
    const before = sampleHistories(10, 20, 4041);
    const since = sampleHistories(10, 20, 4042);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(before)), 100);

    // Built to the topic's end, and interrupted before the switch.
    const abort = new AbortController();
    await expect(
      rebuildPilotTotals({
        kafka,
        dataSource,
        topic,
        deadLetterTopic: deadLetters,
        pollMs: 20,
        signal: abort.signal,
        onProgress: ({ done, total }) => {
          if (total > 0 && done >= total) abort.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RebuildInterruptedError);
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 1, building: 2 });
    // The database now holds offsets of another topic of that name (restored from another environment):
    // past the end of this one, which receives more events.
    await dataSource.query(
      `update projection_offsets set next_offset = next_offset + 1000 where version = 2`,
    );
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(since)), 100);

    const warnings: string[] = [];
    const result = await rebuildPilotTotals({
      kafka,
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      pollMs: 20,
      logger: { log: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    });
    expect(result).toMatchObject({ version: 2, resumed: false, built: true });
    expect(warnings.some((w) => w.startsWith('OFFSET_PAST_TOPIC_END: version 2 stored offsets past'))).toBe(
      true,
    );
    expect(warnings.find((w) => w.startsWith('OFFSET_PAST_TOPIC_END'))).toContain(
      'version 2 begun again from offset 0',
    );
    const histories = [...before, ...since];
    await expectOracleTotals(dataSource, histories);
  }, 90_000);
});
