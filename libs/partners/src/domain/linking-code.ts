/**
 * The linking code a pilot hands to a partner: `PFT-XXXX-XXXX-XXXX-XXXX`, X from Crockford's
 * base32 alphabet, 80 random bits. Randomness comes in from the caller: this module has no I/O.
 */
export const LINKING_CODE_PREFIX = 'PFT';
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LINKING_CODE_RANDOM_BYTES = 10;

const CODE_PATTERN =
  /^PFT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** Formats 10 random bytes (80 bits, 16 base32 symbols) as a linking code. */
export function formatLinkingCode(random: Uint8Array): string {
  if (random.length !== LINKING_CODE_RANDOM_BYTES) {
    throw new RangeError(`a linking code takes exactly ${LINKING_CODE_RANDOM_BYTES} random bytes`);
  }
  let bits = 0n;
  for (const byte of random) bits = (bits << 8n) | BigInt(byte);
  let symbols = '';
  for (let i = 15; i >= 0; i--) symbols += CROCKFORD_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${LINKING_CODE_PREFIX}-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}-${symbols.slice(12)}`;
}

/**
 * The canonical form of what a partner sent: trimmed and upper-cased; `null` when it is not a
 * well-formed code (the caller answers that exactly as it answers an unknown code).
 */
export function normalizeLinkingCode(input: string): string | null {
  const candidate = input.trim().toUpperCase();
  return CODE_PATTERN.test(candidate) ? candidate : null;
}
