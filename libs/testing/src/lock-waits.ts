import { type DataSource, type QueryRunner } from 'typeorm';
import { letGo, openTransaction } from './held-transaction';
import { waitFor } from './wait-for';

/** Sessions of the test database waiting on a lock now. */
export async function sessionsWaitingOnALock(ds: DataSource): Promise<number> {
  const [row] = await ds.query<{ n: number }[]>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.n;
}

/** Until at least `n` sessions of the test database wait on a lock (within 10 s, looking every 20 ms). */
export async function lockWaiters(
  ds: DataSource,
  n: number,
  what = `${n} transactions to wait on a lock`,
): Promise<void> {
  await waitFor(async () => ((await sessionsWaitingOnALock(ds)) >= n ? true : undefined), 10_000, what, 20);
}

/**
 * Until `work` either ends (however it ends) or at least `waiters` sessions of the test database wait on a
 * lock (within 10 s): whether it waits on a lock held elsewhere or finds none to wait on, it has got past
 * the point where it would.
 */
export async function endsOrWaitsOnALock(
  ds: DataSource,
  work: Promise<unknown>,
  what: string,
  waiters = 1,
): Promise<void> {
  let ended = false;
  void work.then(
    () => (ended = true),
    () => (ended = true),
  );
  await waitFor(
    async () => (ended || (await sessionsWaitingOnALock(ds)) >= waiters ? true : undefined),
    10_000,
    what,
  );
}

/**
 * Whether `work` ends within `ms` ('still waiting' when it is held, on a lock say, longer than that); a
 * failure of `work` within `ms` fails the probe.
 */
export async function endsWithin(ms: number, work: Promise<unknown>): Promise<'ended' | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'still waiting'>(
    (resolve) => (timer = setTimeout(resolve, ms, 'still waiting')),
  );
  try {
    return await Promise.race([work.then(() => 'ended' as const), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** How each of `work` ended once all have: 'fulfilled', or the failure as text (a deadlock's message, say). */
export async function settledAs(work: readonly unknown[]): Promise<string[]> {
  const outcomes = await Promise.allSettled(work);
  return outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status));
}

/**
 * `first` and then `second` started while a transaction of the test holds what `hold` takes on it (a row
 * `for update`, say), each once the one before it waits on a lock, so that both queue behind it in that
 * order; the holder then ends (`holderEnds`: rolled back, else committed) once both wait. How each ended
 * (settledAs): a deadlock aborts one of them.
 */
export async function queuedBehindARow(
  ds: DataSource,
  hold: (holder: QueryRunner) => Promise<unknown>,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
  holderEnds: 'rolled back' | 'committed' = 'rolled back',
): Promise<string[]> {
  const holder = await openTransaction(ds);
  let outcomes: Promise<string[]>;
  try {
    await hold(holder);
    const started = [first()];
    await lockWaiters(ds, 1);
    started.push(second());
    await lockWaiters(ds, 2);
    outcomes = settledAs(started);
    await (holderEnds === 'committed' ? holder.commitTransaction() : holder.rollbackTransaction());
  } finally {
    await letGo(holder);
  }
  return outcomes;
}
