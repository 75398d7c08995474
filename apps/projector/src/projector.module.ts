import { type DynamicModule, Module } from '@nestjs/common';
import {
  ConfigModule,
  HealthModule,
  KafkaReadiness,
  PIPELINE_APP_MODULES,
  PostgresReadiness,
  RedisModule,
  RedisReadiness,
} from '@pft/platform';
import { ProjectorConfig, PROJECTOR_CONFIG_PARTS } from './projector.config';
import { PartnerReadsModule } from '@pft/totals';
import { ConsumerReadiness } from './pilot-totals/consumer-readiness';
import { PilotTotalsModule } from './pilot-totals/pilot-totals.module';

@Module({
  imports: [
    ...PIPELINE_APP_MODULES,
    // Only to tell partner API replicas of changes they read.
    RedisModule,
    PartnerReadsModule,
    // Projecting is all it does, and it needs both Kafka and Postgres for that, and its consumer in its
    // group; without Redis, partner API replicas notice its changes within their answer cache's
    // lifetime instead of at once.
    HealthModule.forChecks({
      required: [PostgresReadiness, KafkaReadiness, ConsumerReadiness],
      degradable: [RedisReadiness],
    }),
    PilotTotalsModule,
  ],
})
export class ProjectorModule {
  /** With the configuration main.ts read once at start. */
  static withConfig(config: ProjectorConfig): DynamicModule {
    return ConfigModule.forApp(ProjectorModule, ProjectorConfig, PROJECTOR_CONFIG_PARTS, config);
  }
}
