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
import { ApiKeyDirectory } from './auth/api-key-directory';
import { PartnerAccessHook } from './auth/partner-access.hook';
import { LinkPilotHandler } from './link/link-pilot.handler';
import { LinkController } from './link/link.controller';
import { PilotTotalsBatchController } from './pilot-totals-batch/pilot-totals-batch.controller';
import { PilotTotalsBatchModule } from './pilot-totals-batch/pilot-totals-batch.module';
import { PilotTotalsController } from './pilot-totals/pilot-totals.controller';
import { PilotTotalsModule } from './pilot-totals/pilot-totals.module';
import { RateClock } from './rate-limit/rate-clock';
import { WindowCounter } from './rate-limit/window-counter';
import { GetRatingDictionaryHandler } from './rating-dictionary/get-rating-dictionary.handler';
import { RatingDictionaryController } from './rating-dictionary/rating-dictionary.controller';

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    CqrsModule.forRoot(),
    // Without Redis it counts rate limits per process and keeps serving: ready, and degraded.
    HealthModule.forChecks({ required: [PostgresReadiness], degradable: [RedisReadiness] }),
    PilotTotalsModule,
    PilotTotalsBatchModule,
  ],
  controllers: [
    LinkController,
    PilotTotalsBatchController,
    PilotTotalsController,
    RatingDictionaryController,
  ],
  providers: [
    ApiKeyDirectory,
    RateClock,
    WindowCounter,
    PartnerAccessHook,
    LinkPilotHandler,
    GetRatingDictionaryHandler,
  ],
})
export class PartnerApiModule {}
