import { renewingWhile } from '@pft/event-store/renewing-while';
import { type AccountErasuresRepository, type PendingErasure } from '../account-erasures.repository';
import { type ErasureContext } from './erasure-steps';
import { type ErasureOutcome, workErasure } from './work-erasure';

/**
 * How long a worker's claim of an erasure holds without being renewed: another worker takes it over
 * after it. The worker renews it every third of it while the steps run.
 */
export const ERASURE_HOLD_MS = 30_000;

/**
 * Works `erasure` (workErasure), claimed for `holdMs`, renewing the hold every third of it until the
 * steps have ended: a step slower than the hold (one waiting on a large import's lock, the disconnects
 * waiting out PARTNER_TOTALS_CACHE_MS) is never run a second time at once by another worker while this
 * one is alive. Only a worker that stops renewing (dead, cut off from Postgres, paused past the hold)
 * lets another take it over; its steps are then fenced as workErasure says.
 */
export async function workHeldErasure(
  ctx: Omit<ErasureContext, 'requestedAt' | 'erasures' | 'pilot'>,
  erasure: PendingErasure,
  erasures: AccountErasuresRepository,
  holdMs = ERASURE_HOLD_MS,
): Promise<ErasureOutcome> {
  let held = true;
  return renewingWhile(
    workErasure(ctx, erasure, erasures),
    () => (held ? holdMs / 3 : undefined),
    async () => {
      held = await erasures.renewHold(ctx.dataSource, erasure.pilot_account_id, erasure.requested_at, holdMs);
    },
  );
}
