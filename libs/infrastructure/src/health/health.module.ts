import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { HealthController } from './health.controller';
import { READINESS_CHECKS, type ReadinessCheck } from './readiness-check';

/** `/health/live` and `/health/ready`; readiness runs the given checks, provided by the dependency modules. */
@Module({})
export class HealthModule {
  static forChecks(checks: Type<ReadinessCheck>[]): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        { provide: READINESS_CHECKS, useFactory: (...found: ReadinessCheck[]) => found, inject: checks },
      ],
    };
  }
}
