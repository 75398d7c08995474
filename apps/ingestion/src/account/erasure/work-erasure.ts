import { type Queryable } from '@pft/platform';
import {
  type AccountErasuresRepository,
  ErasureSuperseded,
  type PendingErasure,
} from '../account-erasures.repository';
import { type ErasureContext, ERASURE_STEPS } from './erasure-steps';

/** How a worker's turn at an erasure ended (a failure throws). */
export type ErasureOutcome = 'completed' | 'superseded';

/**
 * Runs the steps of `erasure` not recorded done when it was claimed, each recorded as it completes, then
 * completes it. Each step counts only while this erasure (its `requested_at`) is still pending: a worker
 * held up past its hold (a pause, a step waiting on locks) while another completed it finds it
 * superseded at its next step, whose transaction is rolled back, and leaves it. It never erases what the
 * account holds since it started again, nor ends its new connections.
 */
export async function workErasure(
  ctx: Omit<ErasureContext, 'requestedAt' | 'erasures' | 'pilot'>,
  erasure: PendingErasure,
  erasures: AccountErasuresRepository,
): Promise<ErasureOutcome> {
  const pilot = erasure.pilot_account_id;
  const requestedAt = erasure.requested_at;
  const stepCtx: ErasureContext = { ...ctx, pilot, requestedAt, erasures };
  try {
    for (const step of ERASURE_STEPS) {
      if (erasure.steps_done.includes(step.name)) continue;
      await step.run(stepCtx, (tx: Queryable) => erasures.stepDone(tx, pilot, requestedAt, step.name));
    }
    await erasures.complete(ctx.dataSource, pilot, requestedAt);
    return 'completed';
  } catch (err) {
    if (err instanceof ErasureSuperseded) return 'superseded';
    throw err;
  }
}
