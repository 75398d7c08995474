import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { pilotNotLinked } from '@pft/partners/domain';
import { PilotTotalsReadModel, type PilotTotalsView } from '@pft/totals';
import { AccessRecorder } from '../access-history/access-recorder';
import { GetPilotTotalsQuery } from './get-pilot-totals.query';

@QueryHandler(GetPilotTotalsQuery)
export class GetPilotTotalsHandler implements IQueryHandler<GetPilotTotalsQuery, PilotTotalsView> {
  constructor(
    private readonly totals: PilotTotalsReadModel,
    private readonly access: AccessRecorder,
  ) {}

  async execute(query: GetPilotTotalsQuery): Promise<PilotTotalsView> {
    const view = await this.totals.pilot(query.partnerId, query.pilotId, query.readRevision);
    // Never linked, disconnected, or another partner's: the same answer, so nothing leaks.
    if (!view) throw pilotNotLinked();
    // Every answered read counts, from memory or not; one that did not resolve read nothing of a pilot.
    if (!query.sandbox) this.access.recordRead(view);
    return view;
  }
}
