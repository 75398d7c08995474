import { Module } from '@nestjs/common';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { PilotTotalsReadsModule } from '../pilot-totals/pilot-totals-reads.module';
import { GetPilotTotalsBatchHandler } from './get-pilot-totals-batch.handler';
import { PilotTotalsBatchController } from './pilot-totals-batch.controller';
import { PilotTotalsBatchReader } from './pilot-totals-batch.reader';

/** GET /v1/pilot-totals/batch: its controller, query handler and reader. */
@Module({
  imports: [AccessModule, AccessHistoryModule, PilotTotalsReadsModule],
  controllers: [PilotTotalsBatchController],
  providers: [PilotTotalsBatchReader, GetPilotTotalsBatchHandler],
})
export class PilotTotalsBatchModule {}
