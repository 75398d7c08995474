import { endConnection, setExperienceSharing } from '@pft/partners';
import { type SharingConnection } from '@pft/partners/domain';
import { type Queryable } from '@pft/platform';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type LinkDecision, type LinkState } from './link.decide';

/**
 * On a row of `linking_codes`: no erasure of the code's pilot is pending. The erasure deletes the codes
 * under the pilot's consent stream lock, which a redemption holds, and ends every connection after that;
 * a redemption that read no erasure and commits after it was asked for is one of those connections.
 */
const NO_ERASURE_ASKED = `not exists (select 1 from account_erasures e
   where e.pilot_account_id = linking_codes.pilot_account_id and e.completed_at is null)`;

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

  /**
   * Whether the code may be redeemed now and what a link made with it shares, and the pilot's active
   * connection to the partner, if any, locked until the transaction ends. A code of a pilot whose
   * erasure has been asked for (DELETE /pilot/v1/account committed) no longer links, though the erasure
   * has not deleted it yet: the pilot has withdrawn every consent, and a link made meanwhile was readable
   * (its totals, its pilot.linked) until the erasure came to end it.
   */
  async linkState(runner: Queryable, codeHash: Buffer, partnerId: string): Promise<LinkState> {
    const [code] = rowsOf<{
      redeemable: boolean;
      share_experience: boolean;
      pilot_account_id: string;
      issued_at: Date;
      now: Date;
    }>(
      await runner.query(
        `select used_at is null and expires_at > statement_timestamp() and ${NO_ERASURE_ASKED} as redeemable,
                share_experience, pilot_account_id::text as pilot_account_id, issued_at,
                statement_timestamp() as now
           from linking_codes where code_hash = $1`,
        [codeHash],
      ),
    );
    if (!code)
      return {
        redeemable: false,
        shareExperience: false,
        activeConnection: undefined,
        codeStatesSharing: false,
        codeIssuedAt: new Date(0),
        now: new Date(),
      };
    const active = await this.activeConnection(runner, partnerId, code.pilot_account_id);
    return {
      redeemable: code.redeemable,
      shareExperience: code.share_experience,
      activeConnection: active?.connection,
      codeStatesSharing: active === undefined || code.issued_at > active.sharingStatedAt,
      codeIssuedAt: code.issued_at,
      now: code.now,
    };
  }

  /** The connection, and when the pilot last said what it shares (sharing_stated_at, else its link). */
  private async activeConnection(
    runner: Queryable,
    partnerId: string,
    pilotAccountId: string,
  ): Promise<{ connection: SharingConnection; sharingStatedAt: Date } | undefined> {
    const [row] = rowsOf<SharingConnection & { sharing_stated_at: Date }>(
      await runner.query(
        `select connection_id::text as connection_id, partner_id::text as partner_id,
                pilot_account_id::text as pilot_account_id, shares_experience,
                coalesce(sharing_stated_at, linked_at) as sharing_stated_at
           from connections
          where partner_id = $1 and pilot_account_id = $2 and disconnected_at is null for update`,
        [partnerId, pilotAccountId],
      ),
    );
    if (!row) return undefined;
    const { sharing_stated_at: sharingStatedAt, ...connection } = row;
    return { connection, sharingStatedAt };
  }

  /**
   * Uses the code up for the partner. Conditional, so that of concurrent redemptions exactly one finds
   * it unused: false when it was not. A code is unexpired by the database's clock at the statement (as
   * in linkState), not at its transaction's start: a redemption that waited for the pilot's consent
   * stream lock past the code's expiry does not link.
   */
  async useCode(runner: Queryable, codeHash: Buffer, partnerId: string): Promise<boolean> {
    const result = await runner.query(
      `update linking_codes set used_at = statement_timestamp(), used_by_partner = $2
        where code_hash = $1 and used_at is null and expires_at > statement_timestamp() and ${NO_ERASURE_ASKED}
        returning 1`,
      [codeHash, partnerId],
    );
    // TypeORM answers an update with [rows, affected count].
    const [rows] = result as [unknown[], number];
    return rows.length > 0;
  }

  /**
   * What a link decided: a new connection (PilotLinked), or what the active one shares as the code says
   * (ExperienceSharingChanged when that changes it) with the code's issue as the time the pilot said it;
   * nothing for a code issued before the pilot last said what the connection shares.
   */
  async saveLink(runner: Queryable, decision: Extract<LinkDecision, { events: unknown }>): Promise<void> {
    const { events, said } = decision;
    const linked = events.find((event) => event.type === 'PilotLinked');
    if (linked) {
      const p = linked.payload;
      await runner.query(
        `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience,
                                  sharing_stated_at)
         values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, $4::timestamptz))`,
        [
          p.connection_id,
          p.partner_id,
          p.pilot_account_id,
          p.linked_at,
          p.share_experience,
          said?.at ?? null,
        ],
      );
    } else if (said) {
      // A change or not, the code is now the last the pilot said of it.
      await setExperienceSharing(runner, decision.pilotId, said.shareExperience, said.at);
    }
  }

  /**
   * The pilot's active connection to the partner, if any, locked, and the transaction's time: a sandbox
   * link's state. Sandbox links share the fixture pilots' experience.
   */
  async connectionState(runner: Queryable, partnerId: string, pilotAccountId: string): Promise<LinkState> {
    const [row] = rowsOf<{ now: Date }>(await runner.query('select now() as now'));
    return {
      redeemable: true,
      shareExperience: true,
      activeConnection: (await this.activeConnection(runner, partnerId, pilotAccountId))?.connection,
      codeStatesSharing: true,
      codeIssuedAt: row?.now ?? new Date(),
      now: row?.now ?? new Date(),
    };
  }

  /** The partner's active connection with this id, locked until the transaction ends; undefined when none. */
  /**
   * The partner's active connection, locked, with the database's time of the statement (what a change
   * of the connection is dated by, as its link was): undefined when it is not linked.
   */
  async activeConnectionForUpdate(
    runner: Queryable,
    partnerId: string,
    connectionId: string,
  ): Promise<{ pilotAccountId: string; now: string } | undefined> {
    const rows = rowsOf<{ pilot_account_id: string; now: string }>(
      await runner.query(
        `select pilot_account_id::text as pilot_account_id,
                ${isoTimestamp('statement_timestamp()')} as now
           from connections
          where connection_id = $1 and partner_id = $2 and disconnected_at is null for update`,
        [connectionId, partnerId],
      ),
    );
    return rows[0] && { pilotAccountId: rows[0].pilot_account_id, now: rows[0].now };
  }

  endConnection(runner: Queryable, connectionId: string, at: string): Promise<void> {
    return endConnection(runner, connectionId, at);
  }
}
