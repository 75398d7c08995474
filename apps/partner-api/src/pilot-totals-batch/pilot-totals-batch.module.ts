import { Module } from '@nestjs/common';
import { PilotTotalsReadsModule } from '../pilot-totals/pilot-totals-reads.module';
import { GetPilotTotalsBatchHandler } from './get-pilot-totals-batch.handler';
import { PilotTotalsBatchReader } from './pilot-totals-batch.reader';

/** GET /v1/pilot-totals/batch: its query handler and reader. */
@Module({
  imports: [PilotTotalsReadsModule],
  providers: [PilotTotalsBatchReader, GetPilotTotalsBatchHandler],
})
export class PilotTotalsBatchModule {}
