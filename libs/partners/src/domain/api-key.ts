/**
 * Partner API keys: `pft_live_` (live) or `pft_test_` (sandbox) followed by 32 base62 characters
 * (about 190 random bits).
 * The first characters form a public prefix, stored in clear to find the key and to name it
 * to operators; the whole key is only ever stored as a hash.
 */
export const API_KEY_MARKER = 'pft_live_';
/** Sandbox keys: they see only sandbox pilots, and live keys never see one. */
export const SANDBOX_API_KEY_MARKER = 'pft_test_';
export const API_KEY_SECRET_LENGTH = 32;
/** Marker plus this many secret characters identify a key in listings and lookups. */
export const API_KEY_PREFIX_SECRET_CHARS = 8;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 248 = 4 * 62: bytes at or above it are dropped so that every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 248;
const API_KEY_PATTERN = new RegExp(
  `^(${API_KEY_MARKER}|${SANDBOX_API_KEY_MARKER})[0-9A-Za-z]{${API_KEY_SECRET_LENGTH}}$`,
);

/**
 * A new key from a source of random bytes (crypto.randomBytes in the apps, so this stays pure).
 * Rejection sampling keeps the characters uniform.
 */
export function generateApiKey(
  randomBytes: (count: number) => Uint8Array,
  marker: string = API_KEY_MARKER,
): string {
  let secret = '';
  while (secret.length < API_KEY_SECRET_LENGTH) {
    for (const byte of randomBytes(API_KEY_SECRET_LENGTH * 2)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      secret += BASE62[byte % 62];
      if (secret.length === API_KEY_SECRET_LENGTH) break;
    }
  }
  return marker + secret;
}

export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_PATTERN.test(candidate);
}

/** Whether a key (or its public prefix) is a sandbox key. */
export function isSandboxApiKey(keyOrPrefix: string): boolean {
  return keyOrPrefix.startsWith(SANDBOX_API_KEY_MARKER);
}

/** The public part of a well-formed key: what operators see and what the key is looked up by. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, API_KEY_MARKER.length + API_KEY_PREFIX_SECRET_CHARS);
}

/**
 * The key of an `Authorization: Bearer <key>` header, or null when the header is missing,
 * of another scheme, or does not hold a well-formed key. The scheme is matched case-insensitively
 * (RFC 7235); the key itself is case-sensitive.
 */
export function bearerApiKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const key = match?.[1];
  return key !== undefined && isWellFormedApiKey(key) ? key : null;
}
