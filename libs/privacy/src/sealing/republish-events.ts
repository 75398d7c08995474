import { SEALED_EVENT_TYPES } from '@pft/contracts';
import { type EventProducer } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type OutboxRow, toKafkaMessage } from '@pft/event-store/outbox-rows';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';
import { shreddedPayload } from './seal-stored-events';

/**
 * Payloads of pilots' logbook events are stored in the clear that no erasure under way will shred:
 * `pft privacy seal-events` has not sealed them (or an app that does not seal wrote them since). Such a
 * payload published to the new topic could never be taken back: nothing is published.
 */
export class PlainPayloadsLeft extends Error {
  readonly code = 'PAYLOADS_IN_THE_CLEAR';

  constructor(readonly count: number) {
    super(
      `${count} pilot event payloads are stored in the clear and no account erasure will shred them: ` +
        'seal them first (pft privacy seal-events), then publish again',
    );
  }
}

/** Whether the event's payload is one sealed by now but stored in the clear, and whose erasure is under way. */
const CLEAR = `e.type = any($3::text[]) and not (e.payload ? 'sealed')`;
const ERASING = `exists (select 1 from account_erasures a
   where a.pilot_account_id::text = e.payload->>'pilot_account_id' and a.completed_at is null)`;
const NOT_IN_OUTBOX = `not exists (select 1 from event_outbox o where o.position = e.position)`;

type RepublishedRow = OutboxRow & { clear: boolean; erasing: boolean };

/**
 * Publishes the store's events, oldest first, to `topic` (a new version of the pilot-events topic), as
 * the relay would: same messages, same keys. Events still in the outbox are left to the relay, which
 * publishes them to whichever topic it is configured with. For the move to sealed payloads: the old
 * topic holds payloads in the clear and cannot be rewritten, so readers move to a new one and the old
 * one is deleted (docs/privacy.md).
 *
 * No payload goes out in the clear: one left to an account erasure under way (sealStoredEvents leaves
 * them to it) is published shredded, as the erasure will leave it in the store; while any other is
 * stored in the clear, nothing is published (PlainPayloadsLeft).
 */
export async function republishEvents(
  db: Queryable,
  producer: EventProducer,
  topic: string,
  options: { batchSize?: number; onProgress?: (p: { done: number; total: number }) => void } = {},
): Promise<{ published: number }> {
  const batchSize = options.batchSize ?? 1000;
  const [count] = rowsOf<{ total: number; unsealed: number }>(
    await db.query(
      `select count(*)::int as total,
              count(*) filter (where e.type = any($1::text[]) and not (e.payload ? 'sealed')
                and not exists (select 1 from account_erasures a
                     where a.pilot_account_id::text = e.payload->>'pilot_account_id' and a.completed_at is null))::int
                as unsealed
         from events e where ${NOT_IN_OUTBOX}`,
      [SEALED_EVENT_TYPES],
    ),
  );
  if ((count?.unsealed ?? 0) > 0) throw new PlainPayloadsLeft(count!.unsealed);
  const total = count?.total ?? 0;
  let after = '0';
  let published = 0;
  options.onProgress?.({ done: 0, total });
  for (;;) {
    const rows = rowsOf<RepublishedRow>(
      await db.query(
        `select e.position::text as position, e.event_id::text as event_id, e.stream_id, e.stream_version, e.type,
                e.schema_version, e.payload->>'pilot_account_id' as pilot_account_id,
                e.payload::text as payload_json, e.metadata::text as metadata_json,
                ${isoTimestamp('e.occurred_at')} as occurred_at,
                ${CLEAR} as clear, (${CLEAR}) and ${ERASING} as erasing
           from events e
          where e.position > $1::bigint and ${NOT_IN_OUTBOX}
          order by e.position
          limit $2`,
        [after, batchSize, SEALED_EVENT_TYPES],
      ),
    );
    if (rows.length === 0) return { published };
    await producer.send({ topic, messages: rows.map((row) => toKafkaMessage(withoutClearPayload(row))) });
    published += rows.length;
    after = rows[rows.length - 1]!.position;
    options.onProgress?.({ done: published, total });
  }
}

/** The row as it may be published: a payload in the clear shredded when its erasure is under way. */
function withoutClearPayload(row: RepublishedRow): OutboxRow {
  const { clear, erasing, ...event } = row;
  if (!clear) return event;
  // Stored in the clear since the count above (an app that does not seal): never published.
  if (!erasing) throw new PlainPayloadsLeft(1);
  const payload = JSON.parse(event.payload_json) as { pilot_account_id: string };
  const shredded = shreddedPayload({
    event_id: event.event_id,
    type: event.type,
    schema_version: event.schema_version,
    payload,
  });
  return { ...event, payload_json: JSON.stringify(shredded) };
}
