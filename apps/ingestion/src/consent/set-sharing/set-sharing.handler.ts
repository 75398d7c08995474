import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { PartnerReadRevision } from '@pft/totals';
import { decideSharing } from '../consent.decide';
import { consentError } from '../consent-rejection';
import { changeConnection, waitOutUntold } from '../connection-change';
import { ConsentRepository } from '../consent.repository';
import { pilotConnection } from '../list-connections/list-connections.handler';
import { type PilotConnection } from '../list-connections/list-connections.query';
import { SetSharingCommand } from './set-sharing.command';

/**
 * Changes what a connection shares, with ExperienceSharingChanged in the pilot's consent stream (the
 * partner's pilot.sharing_updated). A change moves the partner read revision on before it answers; a
 * withdrawal, like a disconnect, waits out PARTNER_TOTALS_CACHE_MS when Redis cannot be told, so that no
 * partner API replica answers from what it held before: the experience reads it refuses from then on.
 */
@CommandHandler(SetSharingCommand)
export class SetSharingHandler implements ICommandHandler<SetSharingCommand, PilotConnection> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly consent: ConsentRepository,
    private readonly dataSource: DataSource,
    private readonly partnerReads: PartnerReadRevision,
  ) {}

  async execute({
    pilot,
    connectionId,
    shareExperience,
    requestId,
  }: SetSharingCommand): Promise<PilotConnection> {
    const events = await changeConnection(this.pipeline, this.consent, {
      pilot,
      connectionId,
      requestId,
      // The event and sharing_stated_at one time, the database's: what codes' issue is compared with.
      decide: (connection, now) => decideSharing(connection, pilot, shareExperience, now.toISOString()),
      // A change or not, it is the last the pilot said: a code issued before it no longer changes it.
      project: (tx, _events, now) =>
        this.consent.setExperienceSharing(tx, connectionId, shareExperience, now),
    });
    // Any change is announced; only a withdrawal must be sure no replica answers from before it.
    if (events.length > 0 && !(await this.partnerReads.announceChange(requestId)) && !shareExperience) {
      await waitOutUntold(this.partnerReads);
    }
    const [row] = await this.consent.activeConnections(this.dataSource, pilot, connectionId);
    // Disconnected between the change and this read: as unknown as any ended connection.
    if (!row) throw consentError({ rejected: 'CONNECTION_NOT_FOUND', message: 'no such connection' });
    return pilotConnection(row);
  }
}
