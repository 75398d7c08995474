import { type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import {
  DEFAULT_JWKS_ALGORITHM,
  defaultAlgorithmForKey,
  jwtAlgorithmList,
  publicKeyFromPem,
  SECRET_JWT_ALGORITHM,
} from './jwt-algorithms';

/** The key that checks a pilot token's signature, and the algorithms pinned to it. */
export interface PilotTokenKey {
  key: Uint8Array | KeyObject | JWTVerifyGetKey;
  algorithms: string[];
}

/** The identity provider's key set could not be fetched: the token cannot be checked now (503, not 401). */
export class KeySetUnavailable extends Error {
  constructor(cause: unknown) {
    super(`JWKS unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'KeySetUnavailable';
  }
}

/** What the token's header decides (an unknown `kid`): its fault, answered 401 like a bad signature. */
const TOKEN_SIDE_JWKS_ERRORS = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS']);

export interface JwksTiming {
  /** How long a fetched key set is used before it is fetched again. */
  cacheMaxAgeMs?: number;
  /** The least time between two fetches caused by tokens naming a `kid` not in the set. */
  cooldownMs?: number;
}

/**
 * The key set at `url`, fetched on first use and cached by jose; a token naming a new `kid` fetches
 * it again (at most once per cooldown), so a key rotated at the identity provider needs no restart.
 */
export function jwksKey(url: string, timing: JwksTiming = {}): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(url), {
    timeoutDuration: 5000,
    cacheMaxAge: timing.cacheMaxAgeMs ?? 10 * 60_000,
    cooldownDuration: timing.cooldownMs ?? 30_000,
  });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && TOKEN_SIDE_JWKS_ERRORS.has(code)) throw err;
      throw new KeySetUnavailable(err);
    }
  };
}

export interface PilotTokenKeyConfig {
  JWT_SECRET: string;
  JWT_PUBLIC_KEY?: string;
  JWKS_URL?: string;
  JWT_ALGORITHMS?: string;
}

/**
 * The configured key: JWKS URL, else PEM public key, else the local secret. The secret takes
 * HS256 only and the public keys never HS256, so no token can choose how it is checked.
 */
export function pilotTokenKeyOf(config: PilotTokenKeyConfig, timing?: JwksTiming): PilotTokenKey {
  const pinned = config.JWT_ALGORITHMS ? jwtAlgorithmList(config.JWT_ALGORITHMS) : undefined;
  if (config.JWKS_URL) {
    return { key: jwksKey(config.JWKS_URL, timing), algorithms: pinned ?? [DEFAULT_JWKS_ALGORITHM] };
  }
  if (config.JWT_PUBLIC_KEY) {
    const key = publicKeyFromPem(config.JWT_PUBLIC_KEY);
    const algorithm = defaultAlgorithmForKey(key);
    return { key, algorithms: pinned ?? (algorithm ? [algorithm] : []) };
  }
  return { key: new TextEncoder().encode(config.JWT_SECRET), algorithms: [SECRET_JWT_ALGORITHM] };
}
