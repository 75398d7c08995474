import { Module } from '@nestjs/common';
import {
  ConfigModule,
  DatabaseModule,
  HealthModule,
  KafkaModule,
  KafkaReadiness,
  LoggingModule,
  MetricsModule,
  PostgresReadiness,
} from '@pft/infrastructure';
import { PilotTotalsModule } from './pilot-totals/pilot-totals.module';

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    KafkaModule,
    HealthModule.forChecks([PostgresReadiness, KafkaReadiness]),
    MetricsModule,
    PilotTotalsModule,
  ],
})
export class ProjectorModule {}
