import { randomUUID } from 'node:crypto';
import { type Client } from 'pg';
import { type DataSource } from 'typeorm';
import { appendFlightDeletions, type startBuiltProcess, startStandaloneRelay, waitFor } from '@pft/testing';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The standalone relay (relay-main.js) from the test build, as its own process. */
export type RelayProcess = ReturnType<typeof startBuiltProcess>;

export function startRelayProcess(env: Record<string, string>): RelayProcess {
  return startStandaloneRelay(env);
}

/** The relay process holding the lease now (its holder names its pid); waits until one does. */
export function leaseHolder(db: Client, relays: RelayProcess[], timeoutMs = 30_000): Promise<RelayProcess> {
  return waitFor(
    async () => {
      const { rows } = await db.query<{ holder: string }>(
        'select holder from relay_leases where expires_at > now()',
      );
      const holder = rows[0]?.holder;
      return relays.find((r) => holder?.includes(`/${r.child.pid}/`));
    },
    timeoutMs,
    'a relay process holding the lease',
    50,
  );
}

/**
 * Waits until the active relay has a batch in flight: rows marked with the lease's current token
 * (committed before the send) and not yet deleted (after Kafka acknowledged them). A fault made right
 * then falls between the mark and the delete, where a relay can publish a batch twice.
 */
export function batchInFlight(db: Client, timeoutMs = 30_000): Promise<true> {
  return waitFor(
    async () => {
      const { rows } = await db.query<{ marked: boolean }>(
        `select exists (select 1 from event_outbox o join relay_leases l
                          on l.name = 'outbox-relay' and l.expires_at > now() and o.sent_token = l.token) as marked`,
      );
      return rows[0]?.marked ? true : undefined;
    },
    timeoutMs,
    'a batch of the active relay in flight',
    2,
  );
}

/** An event written, and the phase of the test (the fault going on) it was committed in. */
export interface Written {
  id: string;
  /** Its position in the store, which the relay's outbox rows carry. */
  position: string;
  phase: string;
}

/**
 * Writers appending to pilots' logbooks straight into the event store (what the ingestion app's
 * commits do), `eventsPerWrite` events a transaction, each writer pausing `pauseMs` between its
 * transactions, until `stop()`; `phase()` names the fault each commit falls in.
 */
export function writeUntilStopped(
  ds: DataSource,
  options: { pilots: number; writers: number; eventsPerWrite: number; pauseMs: number },
  phase: () => string,
): { stop: () => Promise<Written[]> } {
  const pilots = Array.from({ length: options.pilots }, () => randomUUID());
  const written: Written[] = [];
  let writing = true;
  let turn = 0;
  const writer = async (): Promise<void> => {
    while (writing) {
      const pilot = pilots[turn++ % pilots.length]!;
      const appended = await ds.transaction((m) => appendFlightDeletions(m, pilot, options.eventsPerWrite));
      const during = phase();
      for (const e of appended.events)
        written.push({ id: e.event_id, position: String(e.position), phase: during });
      await sleep(options.pauseMs);
    }
  };
  const writers = Promise.all(Array.from({ length: options.writers }, writer));
  return {
    stop: async () => {
      writing = false;
      await writers;
      return written;
    },
  };
}

/** Per phase: events written, those nowhere on the topic, those on it more than once. */
export interface PhaseTally {
  phase: string;
  written: number;
  lost: number;
  doubled: number;
}

/**
 * The batches a relay said it sent under a lease that had moved on ("N events (outbox positions A to
 * B) sent under lease token T were acknowledged after it moved on"): the one way the relay may put
 * an event on the topic twice.
 */
export function sentLateRanges(output: string): { from: bigint; to: bigint; events: number }[] {
  return [
    ...output.matchAll(/(\d+) events \(outbox positions (\d+) to (\d+)\) sent under lease token \d+ were/g),
  ].map((m) => ({ events: Number(m[1]), from: BigInt(m[2]!), to: BigInt(m[3]!) }));
}

/** Whether the outbox position falls in one of the batches a relay reported sent late. */
export function inSentLateBatch(late: readonly { from: bigint; to: bigint }[], position: string): boolean {
  const at = BigInt(position);
  return late.some((r) => r.from <= at && at <= r.to);
}

/** The events on the topic more than once that no late batch accounts for. */
export function doubledUnaccounted(
  written: Written[],
  places: Map<string, Set<string>>,
  late: { from: bigint; to: bigint }[],
): Written[] {
  return written.filter((w) => (places.get(w.id)?.size ?? 0) >= 2 && !inSentLateBatch(late, w.position));
}

export function tallyByPhase(written: Written[], places: Map<string, Set<string>>): PhaseTally[] {
  const tallies = new Map<string, PhaseTally>();
  for (const { id, phase } of written) {
    const tally = tallies.get(phase) ?? { phase, written: 0, lost: 0, doubled: 0 };
    const copies = places.get(id)?.size ?? 0;
    tally.written += 1;
    if (copies === 0) tally.lost += 1;
    if (copies > 1) tally.doubled += 1;
    tallies.set(phase, tally);
  }
  return [...tallies.values()];
}
