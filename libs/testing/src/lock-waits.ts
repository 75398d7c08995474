import { type DataSource } from 'typeorm';
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
