import { Module } from '@nestjs/common';
import { PilotTotalsReadModule } from '@pft/totals';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { GetPilotTotalsHandler } from './get-pilot-totals.handler';
import { PilotTotalsController } from './pilot-totals.controller';

/** GET /v1/pilot-totals: its controller and query handler, over the totals read model. */
@Module({
  imports: [AccessModule, AccessHistoryModule, PilotTotalsReadModule],
  controllers: [PilotTotalsController],
  providers: [GetPilotTotalsHandler],
})
export class PilotTotalsModule {}
