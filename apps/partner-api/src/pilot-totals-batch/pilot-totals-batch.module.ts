import { Module } from '@nestjs/common';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { PilotTotalsReadsModule } from '../pilot-totals/pilot-totals-reads.module';
import { GetPilotTotalsBatchHandler } from './get-pilot-totals-batch.handler';
import { PilotTotalsBatchController } from './pilot-totals-batch.controller';
import { PilotTotalsBatchReader } from './pilot-totals-batch.reader';
import { ParsedPilotIdLists } from './parsed-pilot-id-lists';

/** GET /v1/pilot-totals/batch: its controller, query handler, reader and the lists parsed before. */
@Module({
  imports: [AccessModule, AccessHistoryModule, PilotTotalsReadsModule],
  controllers: [PilotTotalsBatchController],
  providers: [PilotTotalsBatchReader, GetPilotTotalsBatchHandler, ParsedPilotIdLists],
})
export class PilotTotalsBatchModule {}
