import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerReadRevision } from '@pft/totals';
import { CommandPipeline } from '@pft/event-store';
import { decideDisconnect } from '../consent.decide';
import { changeConnection, waitOutUntold } from '../connection-change';
import { ConsentRepository } from '../consent.repository';
import { DisconnectCommand } from './disconnect.command';

/**
 * Ends a connection. Once this has committed and the partner read revision has moved on (both before
 * the 204 goes out), the partner's `pilot_id` no longer resolves on any partner API replica. When
 * Redis cannot be told, the 204 waits until every answer a replica may hold in memory has expired
 * (PARTNER_TOTALS_CACHE_MS), so the promise holds all the same.
 */
@CommandHandler(DisconnectCommand)
export class DisconnectHandler implements ICommandHandler<DisconnectCommand, void> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly consent: ConsentRepository,
    private readonly partnerReads: PartnerReadRevision,
  ) {}

  async execute({ pilot, connectionId, requestId }: DisconnectCommand): Promise<void> {
    const now = new Date().toISOString();
    await changeConnection(this.pipeline, this.consent, {
      pilot,
      connectionId,
      requestId,
      decide: (connection) => decideDisconnect(connection, pilot, now),
      project: (tx) => this.consent.disconnect(tx, connectionId, now),
    });
    if (!(await this.partnerReads.announceChange(requestId))) await waitOutUntold(this.partnerReads);
  }
}
