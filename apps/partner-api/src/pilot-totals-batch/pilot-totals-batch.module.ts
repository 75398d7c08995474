import { Module } from '@nestjs/common';
import { PilotTotalsReadModule } from '@pft/totals';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { GetPilotTotalsBatchHandler } from './get-pilot-totals-batch.handler';
import { PilotTotalsBatchController } from './pilot-totals-batch.controller';
import { ParsedPilotIdLists } from './parsed-pilot-id-lists';

/** GET /v1/pilot-totals/batch: its controller, query handler and the lists parsed before. */
@Module({
  imports: [AccessModule, AccessHistoryModule, PilotTotalsReadModule],
  controllers: [PilotTotalsBatchController],
  providers: [GetPilotTotalsBatchHandler, ParsedPilotIdLists],
})
export class PilotTotalsBatchModule {}
