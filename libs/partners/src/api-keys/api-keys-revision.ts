import type Redis from 'ioredis';
import { moveRevisionOn } from '@pft/platform/redis/revision-counter';

/**
 * A counter in Redis that every change to a key (revocation, scopes, limit) moves on. Replicas of the
 * partner API may keep key lookups in memory only while it stands still; they read it in the same
 * round trip as the rate count, so a revocation is effective at the next request on every replica.
 * `prefix` is PARTNER_REDIS_PREFIX.
 */
export function apiKeysRevisionKey(prefix: string): string {
  return `${prefix}api-keys:revision`;
}

/** Moves the counter on, creating it at a random start if Redis lost it (moveRevisionOn). */
export async function announceApiKeyChange(redis: Redis, prefix: string): Promise<void> {
  await moveRevisionOn(redis, apiKeysRevisionKey(prefix));
}
