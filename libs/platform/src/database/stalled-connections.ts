import { type Pool, type PoolClient } from 'pg';
import { type DataSource } from 'typeorm';

/** What pg keeps on a client: the statement still awaiting Postgres's answer, if any. */
interface ClientInternals {
  _getActiveQuery?: () => unknown;
}

/** True when the client comes back to the pool with a statement still unanswered. */
function hasStatementInFlight(client: PoolClient): boolean {
  return Boolean((client as unknown as ClientInternals)._getActiveQuery?.());
}

/**
 * When a statement goes unanswered past the query time limit, pg gives the caller an error but keeps
 * the connection waiting for the answer, and TypeORM hands it back to the pool, where every later
 * statement on it would wait behind the lost one. Such a connection is closed as it comes back
 * (`end()` marks it ending at once, so the pool drops it instead of keeping it idle).
 */
export function dropStalledConnections(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  pool?.on('release', (err: Error | undefined, client: PoolClient) => {
    if (!err && hasStatementInFlight(client)) {
      (client as unknown as { end(): Promise<void> }).end().catch(() => undefined);
    }
  });
}
