import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PilotTotalsReader } from '../pilot-totals/pilot-totals.reader';
import { type PilotTotalsView } from '../pilot-totals/pilot-totals.view';
import { GetPilotTotalsBatchQuery } from './get-pilot-totals-batch.query';

export interface PilotTotalsBatchView {
  pilots: PilotTotalsView[];
}

/** Pilots that do not resolve for this partner are left out, with no per-pilot error. */
@QueryHandler(GetPilotTotalsBatchQuery)
export class GetPilotTotalsBatchHandler implements IQueryHandler<
  GetPilotTotalsBatchQuery,
  PilotTotalsBatchView
> {
  constructor(private readonly reader: PilotTotalsReader) {}

  async execute(query: GetPilotTotalsBatchQuery): Promise<PilotTotalsBatchView> {
    return { pilots: await this.reader.read(query.partnerId, query.pilotIds, query.readRevision) };
  }
}
