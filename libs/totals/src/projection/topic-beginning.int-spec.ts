import { type DataSource } from 'typeorm';
import { testKafka, withProjectionGround } from '@pft/testing';
import { deleteRecordsBefore } from '@pft/testing/test-kafka-records';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { RebuildInterruptedError, rebuildPilotTotals } from './projection-rebuild';
import { readProjectionVersions } from './projection-versions';
import { TopicIncompleteError } from './topic-beginning';

describe('a rebuild from a topic that no longer holds its first events (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-rebuild-topic-beginning');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made), { each: true });

  it('is refused before a version is begun, naming the partition (it waited at 0 events for ever)', async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-gone', 2);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(6, 10, 5))), 1000);
    await deleteRecordsBefore(topic, 1, 3);

    // Bounded: without the check the rebuild waited at 0 events for ever.
    const rebuild = rebuildPilotTotals({
      kafka,
      dataSource,
      topic,
      deadLetterTopic: deadLetters,
      pollMs: 20,
      signal: AbortSignal.timeout(10_000),
    });
    await expect(rebuild).rejects.toBeInstanceOf(TopicIncompleteError);
    await expect(rebuild).rejects.toThrow(
      `the topic ${topic} no longer holds events version 2 has to fold (partition 1 begins at offset 3, version 2 reads on from 0)`,
    );
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 1, building: null });
  }, 60_000);

  it('is refused on resuming when events the version has still to fold were deleted meanwhile', async () => {
    const [topic, deadLetters] = await ground.topicPair('rebuild-gone-resumed', 1);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(20, 20, 6))), 10);
    const abort = new AbortController();
    let total = 0;
    const options = { kafka, dataSource, topic, deadLetterTopic: deadLetters, pollMs: 20 };
    await expect(
      rebuildPilotTotals({
        ...options,
        signal: abort.signal,
        maxBytesPerPartition: 2 * 1024,
        onProgress: (progress) => {
          total = progress.total;
          if (progress.done > 0) abort.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RebuildInterruptedError);
    const [stored] = await dataSource.query<{ next: string }[]>(
      `select next_offset as next from projection_offsets where version = 2 and kafka_partition = 0`,
    );
    const next = stored?.next ?? '0';
    expect(Number(next)).toBeLessThan(total - 5);
    await deleteRecordsBefore(topic, 0, Number(next) + 5);

    await expect(rebuildPilotTotals({ ...options, signal: AbortSignal.timeout(10_000) })).rejects.toThrow(
      `partition 0 begins at offset ${Number(next) + 5}, version 2 reads on from ${next}`,
    );
    expect(await readProjectionVersions(dataSource)).toMatchObject({ active: 1, building: 2 });
  }, 60_000);
});
