import { type SendRecord } from '@pft/platform/kafka/kafka.port';
import { type DeadLetter } from './pilot-totals.batch';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

/**
 * What the dead-letter topic receives for the messages a batch could not apply: the original key, and
 * as value the reason, where the message was and the message as it was (docs/projections.md).
 */
export function deadLetterRecord(
  deadLetters: DeadLetter[],
  source: { topic: string; deadLetterTopic: string; partition: number; version: number },
): SendRecord {
  const { topic, deadLetterTopic, partition, version } = source;
  return {
    topic: deadLetterTopic,
    messages: deadLetters.map(({ message, pilotId, reason }) => ({
      key: message.key,
      value: JSON.stringify({
        reason,
        topic,
        partition,
        offset: message.offset,
        projection: PILOT_TOTALS_PROJECTION,
        projection_version: version,
        pilot_account_id: pilotId,
        original: message.value?.toString('utf8') ?? null,
      }),
      headers: {
        reason,
        'source-topic': topic,
        'source-partition': String(partition),
        'source-offset': message.offset,
      },
    })),
  };
}
