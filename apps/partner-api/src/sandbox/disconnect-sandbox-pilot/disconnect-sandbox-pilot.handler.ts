import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { consentStreamId, type PilotDisconnected } from '@pft/contracts';
import { PartnerReadRevision } from '@pft/totals';
import { CommandPipeline } from '@pft/event-store';
import { pilotNotLinked } from '@pft/partners/domain';
import { LinkingRepository } from '../../link/linking.repository';
import { SandboxPilotsRepository } from '../sandbox-pilots.repository';
import {
  DisconnectSandboxPilotCommand,
  type DisconnectSandboxPilotResult,
} from './disconnect-sandbox-pilot.command';

/**
 * Ends the connection with the PilotDisconnected event a pilot's own disconnect appends, and, as that
 * does, moves the partner read revision on before answering: from then on the `pilot_id` is not found.
 * Webhook seam: `pilot.disconnected` is owed to the partner here. The event is the pilot app's own, so a
 * dispatcher that turns PilotDisconnected events into webhooks sends it with no sandbox code of its own.
 */
@CommandHandler(DisconnectSandboxPilotCommand)
export class DisconnectSandboxPilotHandler implements ICommandHandler<
  DisconnectSandboxPilotCommand,
  DisconnectSandboxPilotResult
> {
  private readonly linking = new LinkingRepository();
  private readonly sandboxPilots = new SandboxPilotsRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly pipeline: CommandPipeline,
    private readonly partnerReads: PartnerReadRevision,
  ) {}

  async execute({
    partnerId,
    pilotId,
    requestId,
  }: DisconnectSandboxPilotCommand): Promise<DisconnectSandboxPilotResult> {
    const pilot = await this.sandboxPilots.ofPilotId(this.dataSource, partnerId, pilotId);
    // The database's time, read with the locked connection: the clock the link was dated by.
    let now = '';
    await this.pipeline.handle({
      streamId: consentStreamId(pilot.pilotAccountId),
      metadata: { request_id: requestId },
      load: (tx) => this.linking.activeConnectionForUpdate(tx, partnerId, pilotId),
      decide: (connection): { events: PilotDisconnected[] } => {
        // Disconnected meanwhile (a concurrent request): as unknown as any other id.
        if (!connection) throw pilotNotLinked();
        now = connection.now;
        return {
          events: [
            {
              type: 'PilotDisconnected',
              version: 1,
              payload: {
                pilot_account_id: connection.pilotAccountId,
                partner_id: partnerId,
                connection_id: pilotId,
                disconnected_at: now,
              },
            },
          ],
        };
      },
      project: (tx) => this.linking.endConnection(tx, pilotId, now),
    });
    if (!(await this.partnerReads.announceChange())) {
      await new Promise((resolve) => setTimeout(resolve, this.partnerReads.untoldWaitMs));
    }
    return { pilot_id: pilotId, disconnected_at: now };
  }
}
