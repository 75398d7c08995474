import { type EventProducer } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type OutboxRow, toKafkaMessage } from '@pft/event-store/outbox-rows';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';

/**
 * Publishes the store's events, oldest first, to `topic` (a new version of the pilot-events topic), as
 * the relay would: same messages, same keys. Events still in the outbox are left to the relay, which
 * publishes them to whichever topic it is configured with. For the move to sealed payloads: the old
 * topic holds payloads in the clear and cannot be rewritten, so readers move to a new one and the old
 * one is deleted (docs/privacy.md).
 */
export async function republishEvents(
  db: Queryable,
  producer: EventProducer,
  topic: string,
  options: { batchSize?: number; onProgress?: (p: { done: number; total: number }) => void } = {},
): Promise<{ published: number }> {
  const batchSize = options.batchSize ?? 1000;
  const [count] = rowsOf<{ total: number }>(
    await db.query(
      `select count(*)::int as total from events e where not exists (select 1 from event_outbox o where o.position = e.position)`,
    ),
  );
  const total = count?.total ?? 0;
  let after = '0';
  let published = 0;
  options.onProgress?.({ done: 0, total });
  for (;;) {
    const rows = rowsOf<OutboxRow>(
      await db.query(
        `select e.position::text as position, e.event_id::text as event_id, e.stream_id, e.stream_version, e.type,
                e.schema_version, e.payload->>'pilot_account_id' as pilot_account_id,
                e.payload::text as payload_json, e.metadata::text as metadata_json,
                ${isoTimestamp('e.occurred_at')} as occurred_at
           from events e
          where e.position > $1::bigint and not exists (select 1 from event_outbox o where o.position = e.position)
          order by e.position
          limit $2`,
        [after, batchSize],
      ),
    );
    if (rows.length === 0) return { published };
    await producer.send({ topic, messages: rows.map(toKafkaMessage) });
    published += rows.length;
    after = rows[rows.length - 1]!.position;
    options.onProgress?.({ done: published, total });
  }
}
