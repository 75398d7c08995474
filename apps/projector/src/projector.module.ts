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

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    KafkaModule,
    HealthModule.forChecks([PostgresReadiness, KafkaReadiness]),
    MetricsModule,
  ],
})
export class ProjectorModule {}
