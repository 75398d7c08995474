import { Controller, Get, Inject } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { READINESS_CHECKS, type ReadinessCheck, withTimeout } from './readiness-check';

const CHECK_TIMEOUT_MS = 2000;

@Controller('health')
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[]) {}

  /** The process is up and its event loop turns; says nothing of its dependencies. */
  @Get('live')
  live(): { status: 'live' } {
    return { status: 'live' };
  }

  /** Every dependency answers; otherwise 503 naming the ones that do not. */
  @Get('ready')
  async ready(): Promise<{ status: 'ready'; checks: Record<string, 'up'> }> {
    const results = await Promise.allSettled(
      this.checks.map((c) => withTimeout(c.check(), CHECK_TIMEOUT_MS, c.name)),
    );
    const down = this.checks.filter((_, i) => results[i]?.status === 'rejected').map((c) => c.name);
    if (down.length > 0) {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `Not ready: ${down.join(', ')} unavailable`,
        down.map((name) => ({ field: name, issue: 'unavailable' })),
        { 'Retry-After': '5' },
      );
    }
    return { status: 'ready', checks: Object.fromEntries(this.checks.map((c) => [c.name, 'up' as const])) };
  }
}
