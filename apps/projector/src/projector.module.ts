import { Module } from '@nestjs/common';
import {
  ConfigModule,
  DatabaseModule,
  HealthModule,
  KafkaModule,
  KafkaReadiness,
  LoggingModule,
  PostgresReadiness,
  RedisModule,
} from '@pft/infrastructure';
import { PilotTotalsModule } from './pilot-totals/pilot-totals.module';

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    KafkaModule,
    // Only to tell partner API replicas of changes they read (PartnerReadRevision); not a readiness check.
    RedisModule,
    HealthModule.forChecks([PostgresReadiness, KafkaReadiness]),
    PilotTotalsModule,
  ],
})
export class ProjectorModule {}
