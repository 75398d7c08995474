import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { consentStreamId } from '@pft/contracts';
import { sandboxFixture, sandboxFixtureOfCode } from '@pft/partners/domain';
import { CommandPipeline } from '@pft/event-store';
import { invalidLinkingToken } from '@pft/partners/domain';
import { type LinkPilotResult } from '../../link/link-pilot.command';
import { decideLink } from '../../link/link.decide';
import { LinkingRepository } from '../../link/linking.repository';
import { SandboxLogbook } from '../sandbox-logbook';
import { SandboxPilotsRepository } from '../sandbox-pilots.repository';
import { RedeemSandboxCodeCommand } from './redeem-sandbox-code.command';

/**
 * Each partner's sandbox gets a pilot account of its own per fixture (copy-on-write: one partner's
 * simulations never reach another's sandbox), made on the first redemption with the fixture's logbook
 * recorded through the write path. The code is reusable: redeemed again, it links the same pilot account,
 * so a partner that is still linked gets the same `pilot_id`, as a live re-link does. Each redemption
 * brings the pilot's logbook to the fixture as it is now (a pilot made under an earlier release's fixture
 * shows the documented one), leaving the flights the partner simulated.
 */
@CommandHandler(RedeemSandboxCodeCommand)
export class RedeemSandboxCodeHandler implements ICommandHandler<RedeemSandboxCodeCommand, LinkPilotResult> {
  private readonly linking = new LinkingRepository();
  private readonly sandboxPilots = new SandboxPilotsRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly pipeline: CommandPipeline,
    private readonly logbook: SandboxLogbook,
  ) {}

  async execute({ partnerId, linkingToken, requestId }: RedeemSandboxCodeCommand): Promise<LinkPilotResult> {
    const number = sandboxFixtureOfCode(linkingToken);
    if (number === null) throw invalidLinkingToken();
    const pilot = await this.sandboxPilots.claim(this.dataSource, partnerId, number);
    await this.logbook.recordFixture(pilot.pilotAccountId, sandboxFixture(number), requestId);
    if (!pilot.seeded) await this.sandboxPilots.markSeeded(this.dataSource, pilot.pilotAccountId);
    const newConnectionId = randomUUID();
    const decision = await this.pipeline.handle({
      streamId: consentStreamId(pilot.pilotAccountId),
      metadata: { request_id: requestId },
      load: (tx) => this.linking.connectionState(tx, partnerId, pilot.pilotAccountId),
      decide: (state) => {
        const decided = decideLink(state, partnerId, pilot.pilotAccountId, newConnectionId);
        if ('rejected' in decided) throw invalidLinkingToken();
        return decided;
      },
      project: (tx, decided) => this.linking.saveLink(tx, decided),
    });
    return { pilot_id: decision.pilotId };
  }
}
