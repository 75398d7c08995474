import { randomBytes } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { consentStreamId } from '@pft/contracts';
import { formatLinkingCode, LINKING_CODE_RANDOM_BYTES } from '@pft/partners/domain';
import { CommandPipeline } from '@pft/event-store';
import { countRateLimited } from '@pft/platform';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';
import { decideIssueLinkingCode } from '../consent.decide';
import { consentError, isConsentRejection } from '../consent-rejection';
import { ConsentRepository, type OpenLinkingCodes } from '../consent.repository';
import { IssueLinkingCodeCommand, type IssuedLinkingCode } from './issue-linking-code.command';
import { IngestionConfig } from '../../ingestion.config';

@CommandHandler(IssueLinkingCodeCommand)
export class IssueLinkingCodeHandler implements ICommandHandler<IssueLinkingCodeCommand, IssuedLinkingCode> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly consent: ConsentRepository,
    private readonly config: IngestionConfig,
  ) {}

  async execute({ pilot, shareExperience, requestId }: IssueLinkingCodeCommand): Promise<IssuedLinkingCode> {
    const code = formatLinkingCode(randomBytes(LINKING_CODE_RANDOM_BYTES));
    const hash = hashLinkingCode(code);
    // Issued and expiring by the database's clock, which a redemption compares with: a code lives
    // LINKING_CODE_TTL_SECONDS, not that more or less the skew of this replica's clock.
    const { expiresAt } = await this.pipeline.handle({
      streamId: consentStreamId(pilot),
      metadata: { request_id: requestId },
      load: (tx) => this.consent.openLinkingCodes(tx, pilot),
      decide: (open: OpenLinkingCodes) => {
        const expiry = new Date(open.now.getTime() + this.config.LINKING_CODE_TTL_SECONDS * 1000);
        const decision = decideIssueLinkingCode(
          open.count,
          pilot,
          hash.toString('hex'),
          expiry.toISOString(),
          shareExperience,
        );
        if (!isConsentRejection(decision)) return { events: decision, issuedAt: open.now, expiresAt: expiry };
        const wait = open.first_expiry
          ? Math.ceil((open.first_expiry.getTime() - open.now.getTime()) / 1000)
          : 60;
        countRateLimited('open_linking_codes');
        throw consentError(decision, { 'Retry-After': String(Math.max(1, wait)) });
      },
      project: (tx, issued) =>
        this.consent.saveLinkingCode(tx, hash, pilot, issued.issuedAt, issued.expiresAt, shareExperience),
    });
    return { linking_token: code, expires_at: expiresAt.toISOString() };
  }
}
