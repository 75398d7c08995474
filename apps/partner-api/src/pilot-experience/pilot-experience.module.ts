import { Module } from '@nestjs/common';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { GetPilotExperienceBatchHandler, GetPilotExperienceHandler } from './get-pilot-experience.handler';
import { PilotExperienceController } from './pilot-experience.controller';
import { PilotExperienceReader } from './pilot-experience.reader';

/** GET /v1/pilot-experience and its batch: read on every request, never kept in memory. */
@Module({
  imports: [AccessModule, AccessHistoryModule],
  controllers: [PilotExperienceController],
  providers: [PilotExperienceReader, GetPilotExperienceHandler, GetPilotExperienceBatchHandler],
})
export class PilotExperienceModule {}
