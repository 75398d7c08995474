import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ConfigModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  PostgresReadiness,
  RedisModule,
  RedisReadiness,
} from '@pft/platform';
import { AccessModule } from './auth/access.module';
import { LinkModule } from './link/link.module';
import { GetPilotTotalsBatchHandler } from './pilot-totals-batch/get-pilot-totals-batch.handler';
import { PilotTotalsBatchController } from './pilot-totals-batch/pilot-totals-batch.controller';
import { GetPilotTotalsHandler } from './pilot-totals/get-pilot-totals.handler';
import { PilotTotalsController } from './pilot-totals/pilot-totals.controller';
import { PilotTotalsReader } from './pilot-totals/pilot-totals.reader';
import { TotalsReadCache } from './pilot-totals/totals-read-cache';
import { RatingDictionaryModule } from './rating-dictionary/rating-dictionary.module';

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    CqrsModule.forRoot(),
    // Without Redis it counts rate limits per process and keeps serving: ready, and degraded.
    HealthModule.forChecks({ required: [PostgresReadiness], degradable: [RedisReadiness] }),
    AccessModule,
    LinkModule,
    RatingDictionaryModule,
  ],
  controllers: [PilotTotalsBatchController, PilotTotalsController],
  providers: [PilotTotalsReader, TotalsReadCache, GetPilotTotalsHandler, GetPilotTotalsBatchHandler],
})
export class PartnerApiModule {}
