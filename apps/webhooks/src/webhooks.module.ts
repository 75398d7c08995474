import { type DynamicModule, Module } from '@nestjs/common';
import {
  ConfigModule,
  HealthModule,
  KafkaReadiness,
  PIPELINE_APP_MODULES,
  PostgresReadiness,
} from '@pft/platform';
import { WebhooksConfig, WEBHOOKS_CONFIG_PARTS } from './webhooks.config';
import { DeliveryModule } from './delivery/delivery.module';
import { IntakeModule } from './intake/intake.module';
import { IntakeReadiness } from './intake/intake-readiness';
import { TotalsModule } from './totals/totals.module';

/**
 * The webhook dispatcher: turns pilot events into deliveries stored in Postgres (its own consumer
 * group), tells partners of totals changes once their reads show them, and delivers. A process apart
 * from the partner API, so that slow receivers never touch the API's latency.
 */
@Module({
  imports: [
    ...PIPELINE_APP_MODULES,
    // Delivering needs only Postgres; taking new events in needs Kafka and the consumer in its group.
    HealthModule.forChecks({ required: [PostgresReadiness, KafkaReadiness, IntakeReadiness] }),
    IntakeModule,
    TotalsModule,
    DeliveryModule,
  ],
})
export class WebhooksModule {
  /** With the configuration main.ts read once at start. */
  static withConfig(config: WebhooksConfig): DynamicModule {
    return ConfigModule.forApp(WebhooksModule, WebhooksConfig, WEBHOOKS_CONFIG_PARTS, config);
  }
}
