import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AccessRecorder } from '../access-history/access-recorder';
import { type PilotTotalsView } from '../pilot-totals/pilot-totals.view';
import { GetPilotTotalsBatchQuery } from './get-pilot-totals-batch.query';
import { PilotTotalsBatchReader } from './pilot-totals-batch.reader';

export interface PilotTotalsBatchView {
  /** Shared with later requests when answered whole from memory: never changed. */
  pilots: readonly PilotTotalsView[];
}

const resolved = (view: PilotTotalsView | undefined): view is PilotTotalsView => view !== undefined;

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
    private readonly reader: PilotTotalsBatchReader,
    private readonly access: AccessRecorder,
  ) {}

  async execute(query: GetPilotTotalsBatchQuery): Promise<PilotTotalsBatchView> {
    const found = await this.reader.read(query.partnerId, query.pilotIds, query.readRevision, query.asked);
    // Every id resolved (the common case): the reader's array as it is, nothing copied.
    const pilots = found.includes(undefined) ? found.filter(resolved) : (found as readonly PilotTotalsView[]);
    // One read of each pilot answered; an id asked twice is answered, and counted, once.
    if (!query.sandbox) this.access.recordReads(pilots);
    return { pilots };
  }
}
