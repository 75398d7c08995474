import { type DataSource } from 'typeorm';
import { letGo, lockWaiters, openTransaction, settledAs } from '@pft/testing';

/**
 * `first` and then `second` started while a transaction of the test holds the row that `lock` selects
 * (`for update`), each once the one before it waits on a lock, so that both queue for the row in that
 * order; the row let go once both wait. How each ended (settledAs): a deadlock aborts one of them.
 */
export async function queuedBehindARow(
  ds: DataSource,
  lock: [sql: string, params: unknown[]],
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<string[]> {
  const blocker = await openTransaction(ds);
  const started: Promise<unknown>[] = [];
  try {
    await blocker.query(...lock);
    started.push(first());
    await lockWaiters(ds, 1);
    started.push(second());
    await lockWaiters(ds, 2);
    await blocker.rollbackTransaction();
  } finally {
    await letGo(blocker);
  }
  return settledAs(started);
}
