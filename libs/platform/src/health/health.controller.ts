import { Controller, Get } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { DependencyProbes } from './dependency-probes';
import { assessReadiness } from './readiness';
import { type DependencyState } from './readiness-check';

@Controller('health')
export class HealthController {
  constructor(private readonly probes: DependencyProbes) {}

  /**
   * The process is up and its event loop turns; says nothing of its dependencies, nor anything else a
   * stranger could use (the Node.js release is on the metrics port: nodejs_version_info).
   */
  @Get('live')
  live(): { status: 'live' } {
    return { status: 'live' };
  }

  /**
   * Whether to send this app traffic: 200 while it can answer correctly, `degraded` when a dependency
   * it can do without is away; 503 naming every dependency that is down when one it needs is.
   */
  @Get('ready')
  async ready(): Promise<{ status: 'ready' | 'degraded'; checks: Record<string, DependencyState> }> {
    const readiness = assessReadiness(await this.probes.probe());
    if (readiness.status === 'not_ready') {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `Not ready: ${readiness.missing.join(', ')} unavailable`,
        readiness.down.map((name) => ({ field: name, issue: 'unavailable' })),
        { 'Retry-After': '5' },
      );
    }
    return { status: readiness.status, checks: readiness.checks };
  }
}
