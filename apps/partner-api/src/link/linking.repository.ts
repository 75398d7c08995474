import { endConnection } from '@pft/partners';
import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type LinkState } from './link.decide';

/** The `linking_codes` and `connections` tables as a partner's link changes them. */
export class LinkingRepository {
  /** Whose code this is, used or not: a code's pilot never changes. */
  async pilotOfCode(runner: Queryable, codeHash: Buffer): Promise<string | undefined> {
    const rows = rowsOf<{ pilot_account_id: string }>(
      await runner.query(
        'select pilot_account_id::text as pilot_account_id from linking_codes where code_hash = $1',
        [codeHash],
      ),
    );
    return rows[0]?.pilot_account_id;
  }

  /** Whether the code may be redeemed now, and the pilot's active connection to the partner, if any. */
  async linkState(runner: Queryable, codeHash: Buffer, partnerId: string): Promise<LinkState> {
    const [row] = rowsOf<{ redeemable: boolean; connection_id: string | null; now: Date }>(
      await runner.query(
        `select c.used_at is null and c.expires_at > now() as redeemable, now() as now,
                (select connection_id::text from connections
                  where partner_id = $2 and pilot_account_id = c.pilot_account_id and disconnected_at is null
                ) as connection_id
           from linking_codes c where c.code_hash = $1`,
        [codeHash, partnerId],
      ),
    );
    return {
      redeemable: row?.redeemable ?? false,
      activeConnectionId: row?.connection_id ?? undefined,
      now: row?.now ?? new Date(),
    };
  }

  /**
   * Uses the code up for the partner. Conditional, so that of concurrent redemptions exactly one finds
   * it unused: false when it was not.
   */
  async useCode(runner: Queryable, codeHash: Buffer, partnerId: string): Promise<boolean> {
    const result = await runner.query(
      `update linking_codes set used_at = now(), used_by_partner = $2
        where code_hash = $1 and used_at is null and expires_at > now()
        returning 1`,
      [codeHash, partnerId],
    );
    // TypeORM answers an update with [rows, affected count].
    const [rows] = result as [unknown[], number];
    return rows.length > 0;
  }

  async saveConnection(
    runner: Queryable,
    connection: { connectionId: string; partnerId: string; pilotAccountId: string; linkedAt: string },
  ): Promise<void> {
    await runner.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, $4)`,
      [connection.connectionId, connection.partnerId, connection.pilotAccountId, connection.linkedAt],
    );
  }

  /** The pilot's active connection to the partner, if any, and the transaction's time: a sandbox link's state. */
  async connectionState(runner: Queryable, partnerId: string, pilotAccountId: string): Promise<LinkState> {
    const [row] = rowsOf<{ connection_id: string | null; now: Date }>(
      await runner.query(
        `select now() as now,
                (select connection_id::text from connections
                  where partner_id = $1 and pilot_account_id = $2 and disconnected_at is null) as connection_id`,
        [partnerId, pilotAccountId],
      ),
    );
    return {
      redeemable: true,
      activeConnectionId: row?.connection_id ?? undefined,
      now: row?.now ?? new Date(),
    };
  }

  /** The partner's active connection with this id, locked until the transaction ends; undefined when none. */
  async activeConnectionForUpdate(
    runner: Queryable,
    partnerId: string,
    connectionId: string,
  ): Promise<{ pilotAccountId: string } | undefined> {
    const rows = rowsOf<{ pilot_account_id: string }>(
      await runner.query(
        `select pilot_account_id::text as pilot_account_id from connections
          where connection_id = $1 and partner_id = $2 and disconnected_at is null for update`,
        [connectionId, partnerId],
      ),
    );
    return rows[0] && { pilotAccountId: rows[0].pilot_account_id };
  }

  endConnection(runner: Queryable, connectionId: string, at: string): Promise<void> {
    return endConnection(runner, connectionId, at);
  }
}
