import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * How an API key is kept at rest. Keys carry about 190 random bits, so a plain SHA-256 cannot be
 * reversed by guessing, and it is cheap enough to check on every request.
 */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Compares in constant time, so the time taken says nothing about how much of a guess was right. */
export function apiKeyMatches(key: string, storedHash: Buffer): boolean {
  const hash = hashApiKey(key);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
