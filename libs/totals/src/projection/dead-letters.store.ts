import { type Queryable } from '../read/pilot-totals.read-model';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

/** Stores the batch's dead letters (a message set aside, with its pilot and the reason). */
export async function recordDeadLetters(
  q: Queryable,
  target: { version: number; topic: string; partition: number },
  deadLetters: readonly { message: { offset: string }; pilotId: string | null; reason: string }[],
): Promise<void> {
  if (deadLetters.length === 0) return;
  await q.query(
    `insert into projection_dead_letters (projection, version, topic, kafka_partition, kafka_offset, pilot_account_id, reason)
     select $1, $2, $3, $4, o, p, r from unnest($5::bigint[], $6::uuid[], $7::text[]) as u (o, p, r)
     on conflict do nothing`,
    [
      PILOT_TOTALS_PROJECTION,
      target.version,
      target.topic,
      target.partition,
      deadLetters.map((d) => d.message.offset),
      deadLetters.map((d) => d.pilotId),
      deadLetters.map((d) => d.reason),
    ],
  );
}

/**
 * The dead letters of each erased pilot from before its AccountErased, in this version and partition:
 * those of this batch, and one a projector still holding the pilot's key recorded after the erasure's
 * own delete of them (a dead letter names the pilot's account and a flight). Those after it are a new
 * account's.
 */
export async function deleteDeadLettersBefore(
  q: Queryable,
  target: { version: number; topic: string; partition: number },
  erasedAt: ReadonlyMap<string, string>,
): Promise<void> {
  if (erasedAt.size === 0) return;
  await q.query(
    `delete from projection_dead_letters d using unnest($5::uuid[], $6::bigint[]) as e (p, o)
      where d.projection = $1 and d.version = $2 and d.topic = $3 and d.kafka_partition = $4
        and d.pilot_account_id = e.p and d.kafka_offset < e.o`,
    [
      PILOT_TOTALS_PROJECTION,
      target.version,
      target.topic,
      target.partition,
      [...erasedAt.keys()],
      [...erasedAt.values()],
    ],
  );
}
