import { Module } from '@nestjs/common';
import { GetPilotTotalsHandler } from './get-pilot-totals.handler';
import { PilotTotalsReadsModule } from './pilot-totals-reads.module';
import { PilotTotalsReader } from './pilot-totals.reader';

/** GET /v1/pilot-totals: its query handler and reader. */
@Module({
  imports: [PilotTotalsReadsModule],
  providers: [PilotTotalsReader, GetPilotTotalsHandler],
})
export class PilotTotalsModule {}
