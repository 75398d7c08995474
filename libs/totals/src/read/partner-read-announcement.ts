import type Redis from 'ioredis';
import { moveRevisionOn } from '@pft/platform/redis/revision-counter';

/**
 * A counter in Redis that moves on whenever what a partner reads may have changed: a projector batch
 * committed, a connection ended, a rebuilt version switched in. Partner API replicas read it in the
 * same round trip as the rate count and reuse a totals answer only while it stands still (see
 * TotalsReadCache), so a disconnect is effective at the next request on every replica.
 * While it is missing (Redis lost its keys, and any change since may be untold) they reuse nothing.
 * `prefix` is PARTNER_REDIS_PREFIX.
 */
export function partnerReadRevisionKey(prefix: string): string {
  return `${prefix}reads:revision`;
}

/**
 * Moves the counter on, creating it at a random start if it is missing (moveRevisionOn; replicas reuse
 * nothing while it is: see the partner API's WindowCounter); called after the change has committed,
 * never before.
 */
export async function announcePartnerReadChange(redis: Redis, prefix: string): Promise<void> {
  await moveRevisionOn(redis, partnerReadRevisionKey(prefix));
}
