import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { formatLinkingCode, LINKING_CODE_RANDOM_BYTES } from '@pft/domain';
import { AppConfig, countRateLimited } from '@pft/platform';
import { hashLinkingCode } from '@pft/access/consent/linking-code-hash';
import { decideIssueLinkingCode } from '../consent.decide';
import { ConsentTransaction, consentError, isConsentRejection } from '../consent-transaction';

export interface IssuedLinkingCode {
  linking_token: string;
  expires_at: string;
}

@Injectable()
export class IssueLinkingCodeHandler {
  constructor(
    private readonly consent: ConsentTransaction,
    private readonly config: AppConfig,
  ) {}

  execute(pilot: string, requestId: string): Promise<IssuedLinkingCode> {
    const code = formatLinkingCode(randomBytes(LINKING_CODE_RANDOM_BYTES));
    const hash = hashLinkingCode(code);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.LINKING_CODE_TTL_SECONDS * 1000);
    return this.consent.run(pilot, requestId, async (tx, append) => {
      const [open] = await tx.query<{ count: number; first_expiry: Date | null }[]>(
        `select count(*)::int as count, min(expires_at) as first_expiry from linking_codes
          where pilot_account_id = $1 and used_at is null and expires_at > $2`,
        [pilot, now],
      );
      const decision = decideIssueLinkingCode(
        open?.count ?? 0,
        pilot,
        hash.toString('hex'),
        expiresAt.toISOString(),
      );
      if (isConsentRejection(decision)) {
        const wait = open?.first_expiry
          ? Math.ceil((open.first_expiry.getTime() - now.getTime()) / 1000)
          : 60;
        countRateLimited('open_linking_codes');
        throw consentError(decision, { 'Retry-After': String(Math.max(1, wait)) });
      }
      await append(decision);
      await tx.query(
        `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at) values ($1, $2, $3, $4)`,
        [hash, pilot, now, expiresAt],
      );
      return { linking_token: code, expires_at: expiresAt.toISOString() };
    });
  }
}
