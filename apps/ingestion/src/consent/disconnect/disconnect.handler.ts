import { Injectable } from '@nestjs/common';
import { isUuid } from '@pft/domain';
import { PartnerReadRevision } from '@pft/access';
import { type ActiveConnection, decideDisconnect } from '../consent.decide';
import { ConsentTransaction, consentError, isConsentRejection } from '../consent-transaction';

/**
 * Ends a connection. Once this has committed and the partner read revision has moved on (both before
 * the 204 goes out), the partner's `pilot_id` no longer resolves on any partner API replica. When
 * Redis cannot be told, the 204 waits until every answer a replica may hold in memory has expired
 * (PARTNER_TOTALS_CACHE_MS), so the promise holds all the same.
 */
@Injectable()
export class DisconnectHandler {
  constructor(
    private readonly consent: ConsentTransaction,
    private readonly partnerReads: PartnerReadRevision,
  ) {}

  async execute(pilot: string, connectionId: string, requestId: string): Promise<void> {
    await this.consent.run(pilot, requestId, async (tx, append) => {
      const rows = isUuid(connectionId)
        ? await tx.query<ActiveConnection[]>(
            `select connection_id::text as connection_id, partner_id::text as partner_id,
                    pilot_account_id::text as pilot_account_id, disconnected_at
               from connections where connection_id = $1 for update`,
            [connectionId],
          )
        : [];
      const now = new Date().toISOString();
      const decision = decideDisconnect(rows[0], pilot, now);
      if (isConsentRejection(decision)) throw consentError(decision);
      await append(decision);
      await tx.query('update connections set disconnected_at = $2 where connection_id = $1', [
        connectionId,
        now,
      ]);
    });
    if (!(await this.partnerReads.announceChange())) {
      await new Promise((resolve) => setTimeout(resolve, this.partnerReads.untoldWaitMs));
    }
  }
}
