import { setTimeout as sleep } from 'node:timers/promises';
import { InstanceChecker } from 'typeorm';
import { type Queryable } from './queryable';
import { rowsOf } from './rows-of';

/** What pg keeps on a connected client: the process id of its Postgres session. */
interface SessionClient {
  processID?: number | null;
}

/**
 * The process id of the Postgres session `runner`'s statements run in: a transaction's EntityManager, a
 * connected QueryRunner or a pg client. Undefined for a pool, or a runner not connected yet.
 */
export function backendPidOf(runner: Queryable): number | undefined {
  const manager = runner as { queryRunner?: { databaseConnection?: SessionClient } };
  const queryRunner = (manager.queryRunner ?? runner) as { databaseConnection?: SessionClient };
  const client = queryRunner.databaseConnection ?? (runner as SessionClient);
  return typeof client.processID === 'number' ? client.processID : undefined;
}

/**
 * Runs `work` on one connection of a DataSource's pool, held for it and outside any transaction (each
 * statement commits alone), so that the session it ran in is known (`backendPidOf`). Costs what a
 * statement on the pool costs: one connection taken and given back. Any other runner runs `work` itself.
 */
export async function onOneConnection<T>(
  db: Queryable,
  work: (connection: Queryable) => Promise<T>,
): Promise<T> {
  if (!InstanceChecker.isDataSource(db)) return work(db);
  const runner = db.createQueryRunner();
  try {
    await runner.connect();
    return await work(runner);
  } finally {
    await runner.release();
  }
}

/** How often `endSession` looks again whether the session has gone. */
const GONE_POLL_MS = 50;

/**
 * Ends the Postgres session `pid` from another connection of `db` and waits until it has gone from
 * pg_stat_activity: a transaction of it that had not committed can then never commit. Only a session of
 * this database and role is ended (the role needs no more right than that), never the caller's own;
 * given the transaction id `xid` (pg_current_xact_id), only while the session is still in that
 * transaction: a session gone and its process id taken by another session is left alone.
 * Throws when the database cannot be asked, or when `deadline` (epoch ms) passes first.
 */
export async function endSession(db: Queryable, pid: number, deadline: number, xid?: string): Promise<void> {
  for (;;) {
    const rows = rowsOf<{ signalled: boolean }>(
      await db.query(
        `select pg_terminate_backend(pid) as signalled from pg_stat_activity
          where pid = $1 and pid <> pg_backend_pid() and datname = current_database() and usename = current_user
            and ($2::xid8 is null or backend_xid = xid($2::xid8))`,
        [pid, xid ?? null],
      ),
    );
    if (rows.length === 0) return;
    if (Date.now() >= deadline) throw new Error(`the database session ${pid} has not ended in time`);
    await sleep(GONE_POLL_MS);
  }
}
