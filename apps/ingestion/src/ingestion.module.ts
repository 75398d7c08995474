import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ConfigModule,
  HealthModule,
  KafkaReadiness,
  PIPELINE_APP_MODULES,
  PostgresReadiness,
  RedisModule,
  RedisReadiness,
  RequestBodyGuard,
} from '@pft/platform';
import { IngestionConfig, INGESTION_CONFIG_PARTS } from './ingestion.config';
import { PartnerReadsModule } from '@pft/totals';
import { FailedAuthentications } from '@pft/partners/rate-limits/failed-authentications';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { AccessHistoryModule } from './access-history/access-history.module';
import { AccountErasureGuard } from './account/account-erasure.guard';
import { AccountModule } from './account/account.module';
import { PilotAuthGuard } from './auth/pilot-auth.guard';
import { pilotJwtVerifierProvider } from './auth/pilot-jwt.provider';
import { JsonObjectBodyPipe } from './http/json-object-body.pipe';
import { ConsentModule } from './consent/consent.module';
import { ExportModule } from './export/export.module';
import { FlightsModule } from './flights/flights.module';
import { ImportsModule } from './imports/imports.module';
import { RelayModule } from './relay/relay.module';
import { StartingTotalsModule } from './starting-totals/starting-totals.module';
import { TotalsModule } from './totals/totals.module';
import { ExperienceModule } from './experience/experience.module';

@Module({
  imports: [
    ...PIPELINE_APP_MODULES,
    // Only to tell partner API replicas of changes they read.
    RedisModule,
    PartnerReadsModule,
    CqrsModule.forRoot(),
    // Without Kafka the outbox keeps every write until the relay can publish it; without Redis a
    // disconnect waits out the partner API's answer cache. Both degrade the app, neither stops it.
    HealthModule.forChecks({ required: [PostgresReadiness], degradable: [KafkaReadiness, RedisReadiness] }),
    FlightsModule,
    ImportsModule,
    StartingTotalsModule,
    TotalsModule,
    ExperienceModule,
    ConsentModule,
    AccessHistoryModule,
    ExportModule,
    AccountModule,
    RelayModule,
  ],
  providers: [
    pilotJwtVerifierProvider,
    RateClock,
    FailedAuthentications,
    PilotAuthGuard,
    AccountErasureGuard,
    // In this order: the token (401), then an account being erased (410), before the body is parsed (400).
    { provide: APP_GUARD, useExisting: PilotAuthGuard },
    { provide: APP_GUARD, useExisting: AccountErasureGuard },
    { provide: APP_GUARD, useClass: RequestBodyGuard },
    // Then a body that is JSON but not an object is refused before any handler (400).
    { provide: APP_PIPE, useClass: JsonObjectBodyPipe },
  ],
})
export class IngestionModule {
  /** With the configuration main.ts read once at start. */
  static withConfig(config: IngestionConfig): DynamicModule {
    return ConfigModule.forApp(IngestionModule, IngestionConfig, INGESTION_CONFIG_PARTS, config);
  }
}
