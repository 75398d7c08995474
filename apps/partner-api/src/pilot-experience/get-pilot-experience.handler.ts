import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { experienceNotShared, pilotNotLinked } from '@pft/partners/domain';
import { AccessRecorder } from '../access-history/access-recorder';
import { GetPilotExperienceBatchQuery, GetPilotExperienceQuery } from './get-pilot-experience.query';
import { PilotExperienceReadModel, type SharedExperience } from '@pft/totals';

/** Order of checks after the input: the lookup (404), then the pilot's sharing (403). */
@QueryHandler(GetPilotExperienceQuery)
export class GetPilotExperienceHandler implements IQueryHandler<GetPilotExperienceQuery, SharedExperience> {
  constructor(
    private readonly reader: PilotExperienceReadModel,
    private readonly access: AccessRecorder,
  ) {}

  async execute(query: GetPilotExperienceQuery): Promise<SharedExperience> {
    const found = (
      await this.reader.read(query.partnerId, [query.pilotId], query.asOf, query.readRevision)
    ).get(query.pilotId);
    // Never linked, disconnected, or another partner's: the same answer, so nothing leaks.
    if (!found || found.state === 'not_linked') throw pilotNotLinked();
    if (found.state === 'not_shared') throw experienceNotShared();
    if (!query.sandbox) this.access.recordExperienceReads([found.answer]);
    return found;
  }
}

/**
 * In the order asked; pilots that do not resolve for this partner, or do not share their experience
 * with it, are left out, with no per-pilot error.
 */
@QueryHandler(GetPilotExperienceBatchQuery)
export class GetPilotExperienceBatchHandler implements IQueryHandler<
  GetPilotExperienceBatchQuery,
  SharedExperience[]
> {
  constructor(
    private readonly reader: PilotExperienceReadModel,
    private readonly access: AccessRecorder,
  ) {}

  async execute(query: GetPilotExperienceBatchQuery): Promise<SharedExperience[]> {
    const read = await this.reader.read(query.partnerId, query.pilotIds, query.asOf, query.readRevision);
    const pilots = query.pilotIds.flatMap((id) => {
      const found = read.get(id);
      return found?.state === 'shared' ? [found] : [];
    });
    // One read of each pilot answered; an id asked twice is answered, and counted, once.
    if (!query.sandbox) this.access.recordExperienceReads(pilots.map((shared) => shared.answer));
    return pilots;
  }
}
