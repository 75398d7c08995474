import { getRandomValues } from 'node:crypto';
import { monotonicFactory } from 'ulid';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Monotonic ULIDs: fresh randomness once per millisecond, then an increment. A plain `ulid()` asks
 * the system for randomness for every id; ids need to be unique and sortable, not secret.
 */
export const nextUlid = monotonicFactory(pooledRandom());

/**
 * Random numbers in [0, 1) from the system's generator, fetched 4 KB at a time: ulid asks for one
 * byte per character, a call into the system per byte.
 */
function pooledRandom(): () => number {
  const pool = new Uint8Array(4096);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      getRandomValues(pool);
      next = 0;
    }
    return pool[next++]! / 256;
  };
}

/**
 * `req_` + a ULID, Fastify's `request.id`. Never taken from the caller: ids are ours, so a support
 * trace cannot be forged.
 */
export function generateRequestId(): string {
  return `req_${nextUlid()}`;
}
