import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { type DependencyResult } from './readiness';
import { metricOnce } from '../metrics/metric-once';
import {
  type DependencyRole,
  type DependencyState,
  type ReadinessCheck,
  withTimeout,
} from './readiness-check';

export interface RegisteredCheck {
  check: ReadinessCheck;
  role: DependencyRole;
}

interface Outcome {
  state: DependencyState;
  reason?: string;
}

/**
 * The probes of this process. The gauge asks them when it is read, so a scrape always sees the state
 * of that moment, whether or not anything asked for readiness since. One app runs per process; apps
 * started side by side in one test process would share the gauge's series.
 */
const scraped = new Set<DependencyProbes>();

const dependencyUp = metricOnce(
  'pft_dependency_up',
  () =>
    new Gauge({
      name: 'pft_dependency_up',
      help: 'Whether a dependency of this app answers (1) or not (0), checked when this is read',
      labelNames: ['dependency'],
      async collect() {
        await Promise.all([...scraped].map((probes) => probes.probe()));
      },
    }),
);

/**
 * Checks the app's dependencies through the app's own clients. However often readiness is asked
 * (a load balancer, several, and the metrics scrape), each dependency has at most one check in
 * flight: a probe that finds one running waits for that one rather than start another, so an outage
 * never piles up connection attempts. A probe waits at most `timeoutMs`; the check it joined goes on
 * until its client's own time limit ends it.
 */
export class DependencyProbes implements OnApplicationShutdown {
  private readonly logger = new Logger('health');
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly last = new Map<string, DependencyState>();

  constructor(
    private readonly checks: readonly RegisteredCheck[],
    private readonly timeoutMs: number,
  ) {
    scraped.add(this);
  }

  async probe(): Promise<DependencyResult[]> {
    return Promise.all(
      this.checks.map(async ({ check, role }) => {
        const outcome = await withTimeout(this.attempt(check), this.timeoutMs, check.name).catch(
          (err: unknown): Outcome => ({ state: 'down', reason: messageOf(err) }),
        );
        this.record(check.name, role, outcome);
        return { name: check.name, role, state: outcome.state };
      }),
    );
  }

  onApplicationShutdown(): void {
    scraped.delete(this);
  }

  /** The check in flight for this dependency, or a new one when none is. */
  private attempt(check: ReadinessCheck): Promise<Outcome> {
    let attempt = this.inFlight.get(check.name);
    if (!attempt) {
      attempt = Promise.resolve()
        .then(() => check.check())
        .then(
          (): Outcome => ({ state: 'up' }),
          (err: unknown): Outcome => ({ state: 'down', reason: messageOf(err) }),
        )
        .finally(() => this.inFlight.delete(check.name));
      this.inFlight.set(check.name, attempt);
    }
    return attempt;
  }

  /** Sets the gauge; logs a change of state once, not every probe that sees it. */
  private record(name: string, role: DependencyRole, outcome: Outcome): void {
    dependencyUp.set({ dependency: name }, outcome.state === 'up' ? 1 : 0);
    const before = this.last.get(name);
    this.last.set(name, outcome.state);
    if (before === outcome.state) return;
    if (outcome.state === 'down') {
      const effect = role === 'required' ? 'not ready until it is back' : 'serving without it';
      this.logger.warn({ dependency: name, role, reason: outcome.reason }, `${name} is down: ${effect}`);
    } else if (before === 'down') {
      this.logger.log({ dependency: name, role }, `${name} answers again`);
    }
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
