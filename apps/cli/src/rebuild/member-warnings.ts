import { type ProjectionLogger } from '@pft/totals/projection/pilot-totals.consumer-options';
import { type Output } from '../output/output';

/**
 * What one member of a rebuild's consumer group warns of (its consumer stopped and restarting, a dead
 * letter, a command applied in parts), as warning lines of the command named by the member's thread:
 * 1 for the command's own consumer, then the fold threads. Its routine lines (joined, consuming) are not
 * printed: the progress says as much.
 */
export function memberWarnings(out: Pick<Output, 'warn'>, thread: number): ProjectionLogger {
  const warn = (message: string): void => out.warn(`thread ${thread}: ${message}`);
  return { log: () => undefined, warn, error: warn };
}
