import { hash, timingSafeEqual } from 'node:crypto';

/**
 * How an API key is kept at rest. Keys carry about 190 random bits, so a plain SHA-256 cannot be
 * reversed by guessing, and it is cheap enough to check on every request: one-shot `crypto.hash`
 * (Node 20.12), a third of the time of a Hash object made, fed and digested per key.
 */
export function hashApiKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/** Compares in constant time, so the time taken says nothing about how much of a guess was right. */
export function apiKeyMatches(key: string, storedHash: Buffer): boolean {
  const hash = hashApiKey(key);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}

/**
 * Whether two keys are the same string, in time that depends on their length only (every character
 * compared, no early return): for a key already checked against its hash, held in memory, so the hash
 * need not be made again for each request that presents it.
 */
export function sameApiKey(key: string, known: string): boolean {
  if (key.length !== known.length) return false;
  let difference = 0;
  for (let i = 0; i < key.length; i++) difference |= key.charCodeAt(i) ^ known.charCodeAt(i);
  return difference === 0;
}
