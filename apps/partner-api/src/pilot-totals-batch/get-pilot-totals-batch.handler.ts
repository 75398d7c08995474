import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PilotTotalsReadModel, type PilotTotalsView } from '@pft/totals';
import { AccessRecorder } from '../access-history/access-recorder';
import { GetPilotTotalsBatchQuery } from './get-pilot-totals-batch.query';

export interface PilotTotalsBatchView {
  /** Shared with later requests when answered whole from memory: never changed. */
  pilots: readonly PilotTotalsView[];
}

/**
 * In the order asked; pilots that do not resolve for this partner (never linked, disconnected, another
 * partner's) are left out, with no per-pilot error.
 */
@QueryHandler(GetPilotTotalsBatchQuery)
export class GetPilotTotalsBatchHandler implements IQueryHandler<
  GetPilotTotalsBatchQuery,
  PilotTotalsBatchView
> {
  constructor(
    private readonly totals: PilotTotalsReadModel,
    private readonly access: AccessRecorder,
  ) {}

  async execute(query: GetPilotTotalsBatchQuery): Promise<PilotTotalsBatchView> {
    const pilots = await this.totals.pilots(query.partnerId, query.pilotIds, query.readRevision, query.asked);
    // One read of each pilot answered; an id asked twice is answered, and counted, once.
    if (!query.sandbox) this.access.recordReads(pilots);
    return { pilots };
  }
}
