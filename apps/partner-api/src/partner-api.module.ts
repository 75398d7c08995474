import { type DynamicModule, Module } from '@nestjs/common';
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
import { PartnerApiConfig, PARTNER_API_CONFIG_PARTS } from './partner-api.config';
import { AccessModule } from './auth/access.module';
import { CurrencyRulesModule } from './currency-rules/currency-rules.controller';
import { LinkModule } from './link/link.module';
import { PilotExperienceModule } from './pilot-experience/pilot-experience.module';
import { PilotRequirementsModule } from './pilot-requirements/pilot-requirements.module';
import { PilotTotalsBatchModule } from './pilot-totals-batch/pilot-totals-batch.module';
import { PilotTotalsModule } from './pilot-totals/pilot-totals.module';
import { PilotsModule } from './pilots/pilots.module';
import { RatingDictionaryModule } from './rating-dictionary/rating-dictionary.module';
import { SandboxModule } from './sandbox/sandbox.module';
import { WebhookEndpointsModule } from './webhook-endpoints/webhook-endpoints.module';

@Module({
  imports: [
    LoggingModule,
    DatabaseModule,
    RedisModule,
    CqrsModule.forRoot(),
    // Without Redis it counts rate limits per process and keeps serving: ready, and degraded.
    HealthModule.forChecks({ required: [PostgresReadiness], degradable: [RedisReadiness] }),
    AccessModule,
    LinkModule,
    RatingDictionaryModule,
    PilotTotalsModule,
    PilotTotalsBatchModule,
    PilotsModule,
    PilotExperienceModule,
    PilotRequirementsModule,
    CurrencyRulesModule,
    SandboxModule,
    WebhookEndpointsModule,
  ],
})
export class PartnerApiModule {
  /** With the configuration main.ts read once at start, for this module's providers and the parts' tokens. */
  static withConfig(config: PartnerApiConfig): DynamicModule {
    return {
      module: PartnerApiModule,
      imports: [ConfigModule.forRoot(PartnerApiConfig, PARTNER_API_CONFIG_PARTS, config)],
    };
  }
}
