import { Module } from '@nestjs/common';
import { PilotTotalsReadModule } from '@pft/totals';
import { AccessModule } from '../auth/access.module';
import { CheckPilotRequirementsHandler } from './check-pilot-requirements.handler';
import { RequirementCheckRecorder } from './requirement-check-recorder';
import { PilotRequirementsController } from './pilot-requirements.controller';

/** POST /v1/pilot-requirements/check, answered from the experience read model. */
@Module({
  imports: [AccessModule, PilotTotalsReadModule],
  controllers: [PilotRequirementsController],
  providers: [CheckPilotRequirementsHandler, RequirementCheckRecorder],
})
export class PilotRequirementsModule {}
