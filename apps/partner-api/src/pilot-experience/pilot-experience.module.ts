import { Module } from '@nestjs/common';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { GetPilotExperienceBatchHandler, GetPilotExperienceHandler } from './get-pilot-experience.handler';
import { PilotExperienceController } from './pilot-experience.controller';
import { PilotTotalsReadModule } from '@pft/totals';

/** GET /v1/pilot-experience and its batch, read through the experience read model. */
@Module({
  imports: [AccessModule, AccessHistoryModule, PilotTotalsReadModule],
  controllers: [PilotExperienceController],
  providers: [GetPilotExperienceHandler, GetPilotExperienceBatchHandler],
})
export class PilotExperienceModule {}
