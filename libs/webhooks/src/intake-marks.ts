import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';

/**
 * The offset through which the intake has taken in a partition of the topic (`webhook_intake_marks`),
 * null before its first batch; the row locked until the caller commits, so two batches of one partition
 * (a consumer that lost its partition and one given it) are taken in one after the other, each seeing
 * what the other took in. A message at or below it is read again.
 */
export async function lockIntakeMark(
  db: Queryable,
  topic: string,
  partition: number,
): Promise<bigint | null> {
  // The row made or, there already, locked by the update that leaves it as it is.
  const [row] = rowsOf<{ taken_through: string }>(
    await db.query(
      `insert into webhook_intake_marks (topic, kafka_partition, taken_through) values ($1, $2, -1)
       on conflict (topic, kafka_partition) do update set taken_through = webhook_intake_marks.taken_through
       returning taken_through::text as taken_through`,
      [topic, partition],
    ),
  );
  const through = BigInt(row!.taken_through);
  return through < 0n ? null : through;
}

/** The partition is taken in through `offset` (never moved back). */
export async function markTaken(
  db: Queryable,
  topic: string,
  partition: number,
  offset: string,
): Promise<void> {
  await db.query(
    `update webhook_intake_marks set taken_through = greatest(taken_through, $3::bigint)
      where topic = $1 and kafka_partition = $2`,
    [topic, partition, offset],
  );
}

/**
 * Every message on `topic` up to its partitions' `ends` (the offsets the next messages get) counts as
 * taken in, never moving a mark back: for a topic the store's events were republished to, each of them
 * taken in by the intake from the topic before it (`pft privacy seal-events --republish-to`). Read on
 * the new topic, the notices of an erased pilot's links, sent and deleted since, are not queued again.
 */
export async function markRepublished(
  db: Queryable,
  topic: string,
  ends: readonly { partition: number; high: string }[],
): Promise<void> {
  for (const { partition, high } of ends) {
    await db.query(
      `insert into webhook_intake_marks (topic, kafka_partition, taken_through) values ($1, $2, $3::bigint - 1)
       on conflict (topic, kafka_partition)
         do update set taken_through = greatest(webhook_intake_marks.taken_through, excluded.taken_through)`,
      [topic, partition, high],
    );
  }
}
