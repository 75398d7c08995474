import { Module } from '@nestjs/common';
import { AccessHistoryModule } from '../access-history/access-history.module';
import { AccessModule } from '../auth/access.module';
import { GetPilotTotalsHandler } from './get-pilot-totals.handler';
import { PilotTotalsReadsModule } from './pilot-totals-reads.module';
import { PilotTotalsController } from './pilot-totals.controller';
import { PilotTotalsReader } from './pilot-totals.reader';

/** GET /v1/pilot-totals: its controller, query handler and reader. */
@Module({
  imports: [AccessModule, AccessHistoryModule, PilotTotalsReadsModule],
  controllers: [PilotTotalsController],
  providers: [PilotTotalsReader, GetPilotTotalsHandler],
})
export class PilotTotalsModule {}
