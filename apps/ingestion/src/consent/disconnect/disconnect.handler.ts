import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerReadRevision } from '@pft/totals';
import { CommandPipeline } from '@pft/event-store';
import { decideDisconnect } from '../consent.decide';
import { changeConnection, waitOutUntold } from '../connection-change';
import { ConsentRepository } from '../consent.repository';
import { DisconnectCommand, type DisconnectOutcome } from './disconnect.command';

/**
 * Ends a connection. Once this has committed and the partner read revision has moved on (both before
 * the 204 goes out), the partner's `pilot_id` no longer resolves on any partner API replica. When
 * Redis cannot be told, the 204 waits until every answer a replica may hold in memory has expired
 * (PARTNER_TOTALS_CACHE_MS), so the promise holds all the same; a caller that ends several connections
 * (the account erasure) leaves that wait to itself, to wait once after them all.
 */
@CommandHandler(DisconnectCommand)
export class DisconnectHandler implements ICommandHandler<DisconnectCommand, DisconnectOutcome> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly consent: ConsentRepository,
    private readonly partnerReads: PartnerReadRevision,
  ) {}

  async execute({
    pilot,
    connectionId,
    requestId,
    waitOutUntold: waits,
  }: DisconnectCommand): Promise<DisconnectOutcome> {
    await changeConnection(this.pipeline, this.consent, {
      pilot,
      connectionId,
      requestId,
      // Dated by the database's clock, as the link was: never before it, nor before a sharing change.
      decide: (connection, now) => decideDisconnect(connection, pilot, now.toISOString()),
      project: (tx, _events, now) => this.consent.disconnect(tx, connectionId, now.toISOString()),
    });
    if (await this.partnerReads.announceChange(requestId)) return { untoldWaitMs: 0 };
    if (!waits) return { untoldWaitMs: this.partnerReads.untoldWaitMs };
    await waitOutUntold(this.partnerReads);
    return { untoldWaitMs: 0 };
  }
}
