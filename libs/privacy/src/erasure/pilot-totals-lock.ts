import { createHash } from 'node:crypto';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';

/**
 * The advisory locks of pilots' totals changes (`webhook_totals_changes`) are in a key space of their own:
 * two keys, this one first, the second of the pilot (Postgres keeps two-key locks apart from the one-key
 * locks of the streams and the projection rebuild).
 */
const TOTALS_CHANGES_LOCKS = 0x70667463;

/**
 * A pilot's key in that space: 32 bits of a hash of its account id (a UUID, in any case). Not the id's
 * own first bits: those of time-ordered UUIDs (versions 6 and 7) are alike for every account made in the
 * same minute. Two pilots may share one now and then; then one's erasure holds up the other's writers
 * too, no more.
 */
const keyOf = (pilot: string): number =>
  createHash('sha256').update(pilot.toLowerCase()).digest().readInt32BE(0);

/** The keys of `pilots`, each once, in the order every writer takes them. */
const keysOf = (pilots: Iterable<string>): number[] =>
  [...new Set([...pilots].map(keyOf))].sort((a, b) => a - b);

/**
 * Takes the lock of each pilot's totals changes until the caller's transaction ends. Every writer of a
 * pilot's row takes it first, in a statement before the one that reads what it writes on: the webhooks
 * intake noting a change (through the pilot's connections read linked), the totals notifier telling of
 * one, and the erasure deleting it. So an erasure waits for a note under way, and a note after it reads
 * the connections ended; other pilots' writers never wait for it. A batch of several pilots takes them
 * in one order (the keys'), so two batches never wait for each other in a circle.
 */
export async function lockPilotTotalsChanges(db: Queryable, pilots: Iterable<string>): Promise<void> {
  const keys = keysOf(pilots);
  if (keys.length === 0) return;
  // One row per key, in the array's order: each lock is taken before the next is asked for.
  await db.query(`select pg_advisory_xact_lock(${TOTALS_CHANGES_LOCKS}, k) from unnest($1::int[]) as k`, [
    keys,
  ]);
}

/**
 * The lock of one pilot's totals changes if no one holds it (false otherwise, taking nothing): for the
 * totals notifier, which leaves a pilot being written to its next look rather than wait.
 */
export async function tryLockPilotTotalsChanges(db: Queryable, pilot: string): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(
    await db.query(`select pg_try_advisory_xact_lock(${TOTALS_CHANGES_LOCKS}, $1) as locked`, [keyOf(pilot)]),
  );
  return row?.locked === true;
}
