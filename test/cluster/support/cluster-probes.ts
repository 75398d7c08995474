import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import { decodeEventEnvelope } from '@pft/contracts';
import { type KafkaClient } from '@pft/platform';
import { type AppProcess, flightBody, waitFor, type WorkloadPilot } from '@pft/testing';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One value of a one-row, one-column statement on the test's own connection (not through the proxy). */
export async function one(db: Client, sql: string, values: unknown[] = []): Promise<string | null> {
  return (await db.query<{ v: string | null }>(sql, values)).rows[0]?.v ?? null;
}

/** The ingestion process whose relay holds the lease now; waits until one does. */
export function activeRelay(db: Client, apps: AppProcess[], timeoutMs = 20_000): Promise<AppProcess> {
  return waitFor(
    async () => {
      const holder = await one(db, 'select holder as v from relay_leases where expires_at > now()');
      return apps.find((app) => holder?.includes(`/${app.child.pid}/`));
    },
    timeoutMs,
    'an ingestion process holding the relay lease',
    100,
  );
}

/** Milliseconds from `since` until a process other than `victim` holds the relay lease. */
export async function relayTakeover(db: Client, victim: AppProcess, apps: AppProcess[], since: number) {
  const others = apps.filter((app) => app !== victim);
  await activeRelay(db, others, 30_000);
  return performance.now() - since;
}

/** The projector's log line for each time its consumer joins its group (PilotTotalsConsumer). */
const JOINED = 'joined the consumer group';

/**
 * Waits until the projectors' consumer group has settled: both ready, and neither has joined the
 * group again for `quietMs` (the rebalances that broker restarts set off are over). A member that
 * dies in the middle of a rebalance is a case of its own (rejoining, below): settled first, a kill
 * measures one failover, not the tail of the rebalances before it.
 */
export async function projectorsSettled(projectors: AppProcess[], quietMs = 3000): Promise<void> {
  const joins = (): string => projectors.map((p) => p.output().split(JOINED).length - 1).join(',');
  let seen = joins();
  let since = performance.now();
  await waitFor(
    async () => {
      const now = joins();
      if (now !== seen) {
        seen = now;
        since = performance.now();
      }
      if (performance.now() - since < quietMs) return undefined;
      const ready = await Promise.all(
        projectors.map((p) =>
          fetch(`${p.url}/health/ready`).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      );
      return ready.every(Boolean) ? true : undefined;
    },
    60_000,
    "the projectors' consumer group to settle",
    200,
  );
}

/** What kafkajs logs (at warn) as a member learns its group is rebalancing, right before it rejoins. */
const REJOINING = 'The group is rebalancing, re-joining';

/** How many times `member` has logged that it rejoins its group. */
export const rejoins = (member: AppProcess): number => member.output().split(REJOINING).length - 1;

/**
 * Resolves as soon as `member` logs that it is rejoining its group after `since` lines of that kind:
 * the moment a kill lands in the middle of a rebalance (the member may have sent its join or not).
 */
export async function rejoining(member: AppProcess, since: number): Promise<void> {
  await waitFor(
    () => (rejoins(member) > since ? true : undefined),
    60_000,
    `projector ${member.child.pid} to rejoin its group`,
    10,
  );
}

/**
 * Milliseconds from `since` until every partition of the projection has stored an offset past the one
 * it had then: the group has given the dead member's partitions to the others and they resume.
 * Pilots write throughout, so every partition has new events to apply. `byPartition`: when each
 * partition moved on, what tells the survivor's own partitions from the ones it took over.
 */
export async function projectorResumed(
  db: Client,
  since: number,
): Promise<{ ms: number; byPartition: Map<number, number> }> {
  const offsets = async (): Promise<Map<number, bigint>> =>
    new Map(
      (
        await db.query<{ p: number; o: string }>(
          'select kafka_partition as p, next_offset::text as o from projection_offsets where version = 1',
        )
      ).rows.map((r) => [r.p, BigInt(r.o)]),
    );
  const before = await offsets();
  const byPartition = new Map<number, number>();
  await waitFor(
    async () => {
      const now = await offsets();
      const at = performance.now() - since;
      for (const [p, o] of before) if (!byPartition.has(p) && (now.get(p) ?? 0n) > o) byPartition.set(p, at);
      return byPartition.size === before.size ? true : undefined;
    },
    60_000,
    'every partition to be applied again',
    100,
  );
  return { ms: performance.now() - since, byPartition };
}

/**
 * Until `stop()`: a probe pilot records a flight (sent again after error answers) through a live
 * ingestion replica, then every partner API is read, all at once, until the flight shows; the longest
 * time from the write's 2xx answer to it being read on every partner API replica is kept, for each
 * phase of the test (`phase()` when the write was answered), with each replica's own time for that
 * write (`byApiMs`: alike, the delay was before the partner APIs; apart, in one of them).
 */
export async function probeFreshness(
  probes: WorkloadPilot[],
  ingestion: () => string,
  partnerApis: string[],
  key: string,
  stop: () => boolean,
  phase: () => string,
): Promise<{ writes: number; longestMs: Map<string, number>; byApiMs: Map<string, number[]> }> {
  let writes = 0;
  const longestMs = new Map<string, number>();
  const byApiMs = new Map<string, number[]>();
  for (let i = 0; !stop(); i++) {
    const pilot = probes[i % probes.length]!;
    const flight = flightBody();
    for (;;) {
      const answer = await fetch(`${ingestion()}/pilot/v1/flights`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pilot.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(flight),
      }).catch(() => undefined);
      if (answer?.ok) break;
      if (answer && answer.status < 500) throw new Error(`probe write answered ${answer.status}`);
      await sleep(250);
    }
    const written = performance.now();
    const during = phase();
    writes += 1;
    const count = writes / probes.length;
    const readAfter = await Promise.all(
      partnerApis.map(async (api) => {
        await waitFor(
          async () => {
            const read = await fetch(`${api}/v1/pilot-totals?pilot_id=${pilot.pilotId}`, {
              headers: { authorization: `Bearer ${key}` },
            }).catch(() => undefined);
            if (read?.status !== 200) return undefined;
            const body = (await read.json()) as { data: { flight_count: number } };
            return body.data.flight_count >= Math.ceil(count) ? true : undefined;
          },
          120_000,
          `the probe flight of ${pilot.pilotId} to be read`,
          50,
        );
        return Math.round(performance.now() - written);
      }),
    );
    const slowest = Math.max(...readAfter);
    if (slowest >= (longestMs.get(during) ?? 0)) {
      longestMs.set(during, slowest);
      byApiMs.set(during, readAfter);
    }
    await sleep(200);
  }
  return { writes, longestMs, byApiMs };
}

/**
 * Reads the topic to its end: where each event id is on it (partition@offset; a message the
 * reader is given twice, as a consumer may be after a rejoin, counts once), and the events that
 * first appear after a later version of their stream (the projector would take such an event for a
 * repeat and skip it).
 */
export async function readTopicBack(
  kafka: KafkaClient,
  topic: string,
): Promise<{ places: Map<string, Set<string>>; outOfTurn: string[] }> {
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const remaining = new Map(ends.map((o) => [o.partition, BigInt(o.high)]));
  const places = new Map<string, Set<string>>();
  const newestOfStream = new Map<string, number>();
  const outOfTurn: string[] = [];
  const consumer = kafka.consumer({ groupId: `read-back-${randomUUID()}`, maxWaitTimeMs: 100 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await consumer.run({
    eachMessage: ({ partition, message }) => {
      const decoded = decodeEventEnvelope(message.value);
      if (decoded.ok) {
        const { event_id, stream_id, stream_version } = decoded.message;
        const seen = places.get(event_id) ?? new Set<string>();
        const newest = newestOfStream.get(stream_id) ?? 0;
        if (seen.size === 0 && stream_version < newest)
          outOfTurn.push(
            `${event_id} (${stream_id} v${stream_version} after v${newest}, ${partition}@${message.offset})`,
          );
        newestOfStream.set(stream_id, Math.max(newest, stream_version));
        places.set(event_id, seen.add(`${partition}@${message.offset}`));
      }
      if (BigInt(message.offset) + 1n >= (remaining.get(partition) ?? 0n)) remaining.delete(partition);
      return Promise.resolve();
    },
  });
  for (const [partition, high] of remaining) if (high === 0n) remaining.delete(partition);
  await waitFor(() => (remaining.size === 0 ? true : undefined), 120_000, `${topic} read to its end`, 100);
  await consumer.disconnect();
  return { places, outOfTurn };
}

/**
 * A key limited to `limit` requests a minute, used from both partner API replicas in turn within one
 * minute: the answers that were not 429, which must be exactly the limit.
 */
export async function requestsLetThrough(partnerApis: string[], key: string, limit: number): Promise<number> {
  // Starts early in a minute, so every request falls in the same one.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 500);
  let allowed = 0;
  for (let i = 0; i < limit + 50; i++) {
    const answer = await fetch(`${partnerApis[i % partnerApis.length]!}/v1/rating-dictionary`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await answer.arrayBuffer();
    if (answer.status !== 429) allowed += 1;
  }
  return allowed;
}
