import { Injectable } from '@nestjs/common';
import { isUuid } from '@pft/domain';
import { type ActiveConnection, decideDisconnect } from '../consent.decide';
import { ConsentTransaction, consentError, isConsentRejection } from '../consent-transaction';

/**
 * Ends a connection. The partner API reads `connections` directly, so once this commits (before the
 * 204 goes out) the partner's `pilot_id` no longer resolves.
 */
@Injectable()
export class DisconnectHandler {
  constructor(private readonly consent: ConsentTransaction) {}

  execute(pilot: string, connectionId: string, requestId: string): Promise<void> {
    return this.consent.run(pilot, requestId, async (tx, append) => {
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
  }
}
