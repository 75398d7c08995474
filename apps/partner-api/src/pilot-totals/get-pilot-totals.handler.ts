import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '@pft/platform';
import { GetPilotTotalsQuery } from './get-pilot-totals.query';
import { PilotTotalsReader } from './pilot-totals.reader';
import { type PilotTotalsView } from './pilot-totals.view';

@QueryHandler(GetPilotTotalsQuery)
export class GetPilotTotalsHandler implements IQueryHandler<GetPilotTotalsQuery, PilotTotalsView> {
  constructor(private readonly reader: PilotTotalsReader) {}

  async execute(query: GetPilotTotalsQuery): Promise<PilotTotalsView> {
    const view = await this.reader.read(query.partnerId, query.pilotId, query.readRevision);
    // Never linked, disconnected, or another partner's: the same answer, so nothing leaks.
    if (!view) throw new ApiError('PILOT_NOT_FOUND', 'No pilot with this pilot_id is linked to you');
    return view;
  }
}
