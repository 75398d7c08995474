import { type Queryable } from '@pft/platform';

/**
 * Ends a connection at `at`: the one statement for it, whether the pilot disconnects in the pilot app
 * or a sandbox simulation does it for the pilot. The caller has the row locked and the event decided,
 * in the same transaction.
 */
export async function endConnection(runner: Queryable, connectionId: string, at: string): Promise<void> {
  await runner.query('update connections set disconnected_at = $2 where connection_id = $1', [
    connectionId,
    at,
  ]);
}
