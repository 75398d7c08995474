import { type KafkaClient } from '@pft/platform';
import { rowsOf, type Queryable } from '@pft/platform';
import { waitFor } from '../wait-for';

/** Messages applied by one projection version so far: the sum of its stored next offsets. */
export async function appliedMessages(db: Queryable, version = 1): Promise<number> {
  const [row] = rowsOf<{ applied: string }>(
    await db.query(
      `select coalesce(sum(next_offset), 0)::bigint as applied from projection_offsets where version = $1`,
      [version],
    ),
  );
  return Number(row?.applied ?? 0);
}

/** Waits until the stored offsets of `version` reach the end of every partition of `topic`. */
export async function waitForProjection(
  kafka: KafkaClient,
  db: Queryable,
  topic: string,
  options: { version?: number; timeoutMs?: number } = {},
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const highs = await admin.fetchTopicOffsets(topic);
    await waitFor(
      async () => {
        const rows = rowsOf<{ kafka_partition: number; next_offset: string }>(
          await db.query(`select kafka_partition, next_offset from projection_offsets where version = $1`, [
            options.version ?? 1,
          ]),
        );
        const stored = new Map(rows.map((r) => [r.kafka_partition, Number(r.next_offset)]));
        return highs.every((h) => Number(h.high) === 0 || stored.get(h.partition) === Number(h.high))
          ? true
          : undefined;
      },
      options.timeoutMs ?? 90000,
      `projection version ${options.version ?? 1} to reach the end of ${topic}`,
      200,
    );
  } finally {
    await admin.disconnect();
  }
}
