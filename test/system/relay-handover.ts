/**
 * The relay handover test's helpers (pipeline-under-faults.e2e-spec.ts): what reaches the topic after a
 * position, pilots writing through one ingestion process at a time, and the relay of one of them signalled
 * and taken over by another.
 */
import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import { decodeEventEnvelope } from '@pft/contracts';
import { type EventConsumer, type KafkaClient } from '@pft/platform';
import { type AppProcess, runLogbookWorkload, waitFor, type WorkloadPilot } from '@pft/testing';
import { one } from '../cluster/support/cluster-probes';

/** The position of the last event in the store (0 when there is none). */
export async function lastPosition(db: Client): Promise<bigint> {
  return BigInt((await one(db, 'select max(position)::text as v from events')) ?? '0');
}

/** An event at `position` arriving on the topic at `at` (`performance.now()`). */
export interface Arrival {
  position: bigint;
  at: number;
}

/**
 * Reads `topic` from its start and keeps the events after position `since`: how many copies of each
 * arrived (by event id) and each copy's arrival, in order. Messages that do not decode are passed over.
 */
export async function publishedAfter(
  kafka: KafkaClient,
  topic: string,
  since: bigint,
): Promise<{ copies: Map<string, number>; arrivals: Arrival[]; consumer: EventConsumer }> {
  const copies = new Map<string, number>();
  const arrivals: Arrival[] = [];
  const consumer = kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 50 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await consumer.run({
    eachMessage: ({ message }) => {
      const decoded = decodeEventEnvelope(message.value);
      if (decoded.ok && BigInt(decoded.message.position) > since) {
        copies.set(decoded.message.event_id, (copies.get(decoded.message.event_id) ?? 0) + 1);
        arrivals.push({ position: BigInt(decoded.message.position), at: performance.now() });
      }
      return Promise.resolve();
    },
  });
  return { copies, arrivals, consumer };
}

export interface RelayHandover {
  /**
   * The writes going on stop (waited for: one that failed rejects here), then the pilots write through
   * `app`, 20 writes a round with seeds counted on, until the next `writeTo`, `takeover` or `stop`.
   */
  writeTo(app: AppProcess): Promise<void>;
  /**
   * Writes stop, the outbox empties (no batch half done), `signal` hits `victim`, writes go on through
   * `next`: the milliseconds from the signal until the first event written after it is on the topic.
   */
  takeover(victim: AppProcess, signal: NodeJS.Signals, next: AppProcess): Promise<number>;
  /** The writes stop; resolves once they have ended, rejects if they failed. */
  stop(): Promise<void>;
}

/**
 * Pilots' writes moved from one ingestion process to another while the relay is handed on: `db` is the
 * test's own connection, `arrivals` those of `publishedAfter`, `firstSeed` the first workload's seed.
 */
export function relayHandover(options: {
  db: Client;
  pilots: WorkloadPilot[];
  arrivals: Arrival[];
  firstSeed: number;
}): RelayHandover {
  const { db, pilots, arrivals } = options;
  let writes: Promise<void> = Promise.resolve();
  let writing = false;
  let seed = options.firstSeed;
  const stop = async (): Promise<void> => {
    writing = false;
    await writes;
  };
  const writeTo = async (app: AppProcess): Promise<void> => {
    await stop();
    writing = true;
    writes = (async () => {
      while (writing) await runLogbookWorkload(app.url, pilots, 20, seed++, 2);
    })();
  };
  const takeover = async (victim: AppProcess, signal: NodeJS.Signals, next: AppProcess): Promise<number> => {
    await stop();
    await waitFor(
      async () =>
        (await one(db, 'select count(*)::text as v from event_outbox')) === '0' ? true : undefined,
      30_000,
      'the outbox to empty',
    );
    const mark = await lastPosition(db);
    victim.child.kill(signal);
    const signalled = performance.now();
    await writeTo(next);
    const first = await waitFor(
      () => arrivals.find((a) => a.position > mark),
      20_000,
      `an event written after ${signal} on the topic`,
    );
    return first.at - signalled;
  };
  return { writeTo, takeover, stop };
}
