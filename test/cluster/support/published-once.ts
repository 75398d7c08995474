import { type Client } from 'pg';
import { type KafkaClient } from '@pft/platform';
import { waitFor } from '@pft/testing';
import { one, readTopicBack } from './cluster-probes';
import { inSentLateBatch, sentLateRanges } from './relay-faults';

export interface PublishedOnce {
  /** Events in the store. */
  events: number;
  /** Distinct events on the topic. */
  onTopic: number;
  /** Events on the topic twice, each in a batch a relay reported sent late. */
  twiceLate: number;
  /** The others not on the topic exactly once, each with where it is (partition@offset), or nowhere. */
  notOnce: string[];
  /** Events first on the topic after a later version of their stream. */
  outOfTurn: string[];
}

/**
 * Once the outbox is empty, the store's events against the topic read back whole: each must be on it
 * once, or twice only in a batch a relay reported sent late (`relayOutputs`: every relay's output):
 * frozen between its lease's last check and its send reaching Kafka, it delivered the batch after the
 * next holder had looked for it on the topic and published it too, the one way the relay may publish
 * an event twice (consumers drop the repeat: docs/operations.md, "Each event on the topic once").
 */
export async function publishedOnce(
  direct: Client,
  kafka: KafkaClient,
  topic: string,
  relayOutputs: string[],
): Promise<PublishedOnce> {
  await waitFor(
    async () =>
      (await one(direct, 'select count(*)::text as v from event_outbox')) === '0' ? true : undefined,
    60_000,
    'the outbox emptied',
  );
  const { places, outOfTurn } = await readTopicBack(kafka, topic);
  const written = (
    await direct.query<{ id: string; position: string; at: string }>(
      `select event_id::text as id, position::text as position, to_char(occurred_at, 'HH24:MI:SS.MS') as at
         from events order by position`,
    )
  ).rows;
  const late = relayOutputs.flatMap(sentLateRanges);
  const copiesOf = (id: string): number => places.get(id)?.size ?? 0;
  const twiceLate = (e: { id: string; position: string }): boolean =>
    copiesOf(e.id) === 2 && inSentLateBatch(late, e.position);
  return {
    events: written.length,
    onTopic: places.size,
    twiceLate: written.filter(twiceLate).length,
    notOnce: written
      .filter((e) => copiesOf(e.id) !== 1 && !twiceLate(e))
      .map(
        (e) =>
          `${e.id} (position ${e.position}, ${e.at}): ${[...(places.get(e.id) ?? [])].join(' ') || 'nowhere'}`,
      ),
    outOfTurn,
  };
}
