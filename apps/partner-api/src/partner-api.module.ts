import { Module } from '@nestjs/common';
import {
  ConfigModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  MetricsModule,
  PostgresReadiness,
  RedisModule,
  RedisReadiness,
} from '@pft/infrastructure';

@Module({
  imports: [
    ConfigModule.forRoot(),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    HealthModule.forChecks([PostgresReadiness, RedisReadiness]),
    MetricsModule,
  ],
})
export class PartnerApiModule {}
