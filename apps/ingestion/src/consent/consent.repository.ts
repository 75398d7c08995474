import { Injectable } from '@nestjs/common';
import { endConnection, setExperienceSharing } from '@pft/partners';
import { type Queryable } from '@pft/platform';
import { SubjectBeingErased } from '@pft/privacy';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type ActiveConnection } from './consent.decide';

export interface OpenLinkingCodes {
  count: number;
  /** When the first of them expires: when the pilot may issue another past the limit. */
  first_expiry: Date | null;
  /**
   * The database's time: the one clock a code lives by. Its redemption, on any partner API replica, is
   * compared with the database's time too, so a code lives exactly its lifetime whatever the clock of
   * the replica that issued it says.
   */
  now: Date;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A connection read for a change, and the database's time the change is dated by. */
export interface LockedConnection {
  connection: ActiveConnection | undefined;
  now: Date;
}

export interface ConnectionRow {
  connection_id: string;
  partner_id: string;
  name: string;
  linked_at: Date;
  shares_experience: boolean;
}

/**
 * The `linking_codes` and `connections` tables as the pilot app changes them: consent commands are
 * decided on them and they change in the same transaction as the consent events.
 */
@Injectable()
export class ConsentRepository {
  /** The pilot's codes neither used nor expired, by the database's clock, and that clock's time. */
  async openLinkingCodes(runner: Queryable, pilot: string): Promise<OpenLinkingCodes> {
    const [open] = rowsOf<OpenLinkingCodes>(
      await runner.query(
        `select count(*)::int as count, min(expires_at) as first_expiry, statement_timestamp() as now
           from linking_codes
          where pilot_account_id = $1 and used_at is null and expires_at > statement_timestamp()`,
        [pilot],
      ),
    );
    if (!open) throw new Error('the count of open linking codes gave no row');
    return open;
  }

  /**
   * Stores an issued code, unless the pilot's erasure is under way: SubjectBeingErased then (410
   * ACCOUNT_ERASED), and the command's transaction stores nothing. Run it under the pilot's consent
   * stream lock, which the erasure's deletion of the codes takes too: a code either commits before
   * that deletion, which then deletes it, or sees the erasure asked for.
   */
  async saveLinkingCode(
    runner: Queryable,
    codeHash: Buffer,
    pilot: string,
    issuedAt: Date,
    expiresAt: Date,
    shareExperience: boolean,
  ): Promise<void> {
    const stored = (await runner.query(
      `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at, share_experience)
       select $1, $2::uuid, $3, $4, $5
        where not exists (select 1 from account_erasures where pilot_account_id = $2::uuid and completed_at is null)
       returning 1 as stored`,
      [codeHash, pilot, issuedAt, expiresAt, shareExperience],
    )) as unknown[];
    if (stored.length === 0) throw new SubjectBeingErased(pilot);
  }

  /**
   * The connection, locked until the transaction ends (undefined: none has the id), and the database's
   * time: what a change of it is dated by (its PilotDisconnected, its ExperienceSharingChanged), as a
   * link is (`linked_at`) and a code is issued. Run under the pilot's consent stream lock, which every
   * change of the pilot's connections takes first: a change is never dated before one that committed
   * ahead of it, whatever the clock of the replica that makes it says.
   */
  async connectionForUpdate(runner: Queryable, connectionId: string | null): Promise<LockedConnection> {
    // No connection has the id: the left join's nulls.
    const [row] = rowsOf<{ now: Date } & Nullable<ActiveConnection>>(
      await runner.query(
        `with locked as (
           select connection_id::text as connection_id, partner_id::text as partner_id,
                  pilot_account_id::text as pilot_account_id, disconnected_at, shares_experience
             from connections where connection_id = $1::uuid for update)
         select statement_timestamp() as now, locked.* from (values (1)) as one left join locked on true`,
        [connectionId],
      ),
    );
    if (!row) throw new Error('the connection read gave no row');
    const { now, ...connection } = row;
    return {
      connection: connection.connection_id === null ? undefined : (connection as ActiveConnection),
      now,
    };
  }

  disconnect(runner: Queryable, connectionId: string, at: string): Promise<void> {
    return endConnection(runner, connectionId, at);
  }

  /** What the connection shares, as the pilot said it at `statedAt` (the database's time of the change). */
  setExperienceSharing(
    runner: Queryable,
    connectionId: string,
    shareExperience: boolean,
    statedAt: Date,
  ): Promise<void> {
    return setExperienceSharing(runner, connectionId, shareExperience, statedAt);
  }

  /** The pilot's active connections, oldest first (or the one of `connectionId`), with each partner's name. */
  async activeConnections(runner: Queryable, pilot: string, connectionId?: string): Promise<ConnectionRow[]> {
    return rowsOf<ConnectionRow>(
      await runner.query(
        `select c.connection_id::text as connection_id, p.partner_id::text as partner_id, p.name, c.linked_at,
                c.shares_experience
           from connections c join partners p on p.partner_id = c.partner_id
          where c.pilot_account_id = $1 and c.disconnected_at is null
            and ($2::uuid is null or c.connection_id = $2::uuid)
          order by c.linked_at, c.connection_id`,
        [pilot, connectionId ?? null],
      ),
    );
  }
}
