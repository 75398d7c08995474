import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { DependencyProbes } from './dependency-probes';
import { HealthController } from './health.controller';
import { type ReadinessCheck } from './readiness-check';

/** How long a readiness probe waits for a dependency before counting it down. */
const CHECK_TIMEOUT_MS = 2000;

export interface HealthChecks {
  /** Dependencies the app cannot answer correctly without: when one is down, it is not ready. */
  required: Type<ReadinessCheck>[];
  /** Dependencies it serves without (less well): when one is down, it is ready and says `degraded`. */
  degradable?: Type<ReadinessCheck>[];
}

/** `/health/live` and `/health/ready`, and the `pft_dependency_up` gauge; the checks come from the dependency modules. */
@Module({})
export class HealthModule {
  static forChecks({ required, degradable = [] }: HealthChecks): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        {
          provide: DependencyProbes,
          inject: [...required, ...degradable],
          useFactory: (...found: ReadinessCheck[]) =>
            new DependencyProbes(
              found.map((check, i) => ({ check, role: i < required.length ? 'required' : 'degradable' })),
              CHECK_TIMEOUT_MS,
            ),
        },
      ],
    };
  }
}
