import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { consentStreamId } from '@pft/contracts';
import { normalizeLinkingCode } from '@pft/partners/domain';
import { writeOutcomeTimeoutMs } from '@pft/platform';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';
import { CommandPipeline } from '@pft/event-store';
import { sharedPayloadSealing } from '@pft/privacy';
import { PartnerReadRevision } from '@pft/totals';
import { IdempotencyStore, keptSuccess } from '../idempotency/idempotency.store';
import { invalidLinkingToken } from '@pft/partners/domain';
import { decideLink, withdrawsSharing } from './link.decide';
import { LINKED_STATUS, LinkPilotCommand, type LinkPilotResult } from './link-pilot.command';
import { LinkingRepository } from './linking.repository';
import { PartnerApiConfig } from '../partner-api.config';

/**
 * Uses up the code and binds the pilot to the calling partner, sharing what the code says, in one
 * transaction with the PilotLinked event (or, already linked, ExperienceSharingChanged when the code
 * shares otherwise and was issued after the pilot last said what the connection shares), in the pilot's consent stream, and with the answer under the request's Idempotency-Key. Redemptions of one pilot's codes take that stream's lock, so of
 * concurrent redemptions of one code exactly one finds it unused.
 */
@CommandHandler(LinkPilotCommand)
export class LinkPilotHandler implements ICommandHandler<LinkPilotCommand, LinkPilotResult> {
  // The partner API has no relay of its own to wake: the append notifies the ingestion's relays itself.
  private readonly pipeline: CommandPipeline;
  private readonly linking = new LinkingRepository();

  constructor(
    private readonly dataSource: DataSource,
    config: PartnerApiConfig,
    private readonly idempotency: IdempotencyStore,
    private readonly partnerReads: PartnerReadRevision,
  ) {
    this.pipeline = new CommandPipeline(dataSource, {
      outcomeTimeoutMs: writeOutcomeTimeoutMs(config),
      sealer: sharedPayloadSealing(),
    });
  }

  async execute({ partnerId, linkingToken, requestId, claim }: LinkPilotCommand): Promise<LinkPilotResult> {
    const code = normalizeLinkingCode(linkingToken);
    if (code === null) throw invalidLinkingToken();
    const codeHash = hashLinkingCode(code);
    const pilotAccountId = await this.linking.pilotOfCode(this.dataSource, codeHash);
    if (pilotAccountId === undefined) throw invalidLinkingToken();
    const newConnectionId = randomUUID();
    const decision = await this.pipeline.handle({
      streamId: consentStreamId(pilotAccountId),
      metadata: { request_id: requestId },
      load: (tx) => this.linking.linkState(tx, codeHash, partnerId),
      decide: (state) => {
        const decided = decideLink(state, partnerId, pilotAccountId, newConnectionId);
        if ('rejected' in decided) throw invalidLinkingToken();
        return decided;
      },
      project: async (tx, decided) => {
        if (!(await this.linking.useCode(tx, codeHash, partnerId))) throw invalidLinkingToken();
        await this.linking.saveLink(tx, decided);
        // The answer is kept if and only if the code is used up: a retry learns the outcome of a
        // commit whose answer was lost.
        if (claim) {
          const answer: LinkPilotResult = { pilot_id: decided.pilotId };
          await this.idempotency.completeWithin(tx, claim, keptSuccess(LINKED_STATUS, answer));
        }
      },
    });
    // A re-link whose code shares less than the connection did: refused at once on every replica, as a
    // withdrawal in the pilot app is.
    if (withdrawsSharing(decision.events) && !(await this.partnerReads.announceChange(requestId))) {
      await new Promise((resolve) => setTimeout(resolve, this.partnerReads.untoldWaitMs));
    }
    return { pilot_id: decision.pilotId };
  }
}
