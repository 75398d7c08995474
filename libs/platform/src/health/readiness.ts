import { type DependencyRole, type DependencyState } from './readiness-check';

export interface DependencyResult {
  name: string;
  role: DependencyRole;
  state: DependencyState;
}

/**
 * `ready`: every dependency answers. `degraded`: serving, with a dependency it can do without
 * away. `not_ready`: a dependency it cannot answer correctly without is away.
 */
export type ReadinessStatus = 'ready' | 'degraded' | 'not_ready';

export interface Readiness {
  status: ReadinessStatus;
  /** Every dependency by name, in the order they were registered. */
  checks: Record<string, DependencyState>;
  /** The required dependencies that are down: why it is not ready. */
  missing: string[];
  /** Every dependency that is down, required or not. */
  down: string[];
}

/** Whether the app should be sent traffic, from the state of each of its dependencies. */
export function assessReadiness(results: readonly DependencyResult[]): Readiness {
  const down = results.filter((r) => r.state === 'down');
  const missing = down.filter((r) => r.role === 'required').map((r) => r.name);
  const status: ReadinessStatus = missing.length > 0 ? 'not_ready' : down.length > 0 ? 'degraded' : 'ready';
  return {
    status,
    checks: Object.fromEntries(results.map((r) => [r.name, r.state])),
    missing,
    down: down.map((r) => r.name),
  };
}
