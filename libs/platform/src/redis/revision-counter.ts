import { randomInt } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * Where a revision counter created anew starts: a random one of 2^47 values. A counter Redis lost (a
 * restart without its data) then does not come back through values replicas still keep answers under:
 * starting at 1 again, an answer kept under the lost counter's 1 would be taken as current after the
 * change that created the new one.
 */
const freshCounterStart = (): number => randomInt(2 ** 47);

/**
 * Moves the revision counter at `key` on, in one transaction creating it at a random start if it is
 * missing; what replicas keep under one value is never reused under another.
 */
export async function moveRevisionOn(redis: Redis, key: string): Promise<void> {
  const replies = await redis.multi().set(key, freshCounterStart(), 'NX').incr(key).exec();
  const failed = replies?.find(([err]) => err !== null)?.[0];
  if (replies === null || failed) throw failed ?? new Error(`${key} not moved on`);
}
