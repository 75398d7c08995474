import { createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The signature algorithms a pilot token may use with a public key or a JWKS URL, each with the key
 * it needs. HS256 is not among them: it is only ever the local secret's, so a token can never have
 * a public key taken for an HMAC secret (algorithm confusion).
 */
const ASYMMETRIC: Record<string, { type: string[]; curve?: string }> = {
  RS256: { type: ['rsa'] },
  RS384: { type: ['rsa'] },
  RS512: { type: ['rsa'] },
  PS256: { type: ['rsa', 'rsa-pss'] },
  PS384: { type: ['rsa', 'rsa-pss'] },
  PS512: { type: ['rsa', 'rsa-pss'] },
  ES256: { type: ['ec'], curve: 'prime256v1' },
  ES384: { type: ['ec'], curve: 'secp384r1' },
  ES512: { type: ['ec'], curve: 'secp521r1' },
  EdDSA: { type: ['ed25519'] },
  Ed25519: { type: ['ed25519'] },
};

export const ASYMMETRIC_JWT_ALGORITHMS = Object.keys(ASYMMETRIC);

/** The algorithm used with the local secret. */
export const SECRET_JWT_ALGORITHM = 'HS256';

/** What JWKS_URL accepts when JWT_ALGORITHMS is unset: what identity providers sign with by default. */
export const DEFAULT_JWKS_ALGORITHM = 'RS256';

export function jwtAlgorithmList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** Whether tokens signed with `alg` can be checked with `key`. */
export function algorithmFitsKey(alg: string, key: KeyObject): boolean {
  const needs = ASYMMETRIC[alg];
  if (!needs || !key.asymmetricKeyType || !needs.type.includes(key.asymmetricKeyType)) return false;
  return needs.curve === undefined || key.asymmetricKeyDetails?.namedCurve === needs.curve;
}

/** The one algorithm a public key is taken to sign with when JWT_ALGORITHMS is unset. */
export function defaultAlgorithmForKey(key: KeyObject): string | undefined {
  return ['RS256', 'PS256', 'ES256', 'ES384', 'ES512', 'EdDSA'].find((alg) => algorithmFitsKey(alg, key));
}

/** A PEM public key as an environment variable carries it, where newlines may be written `\n`. */
export function publicKeyFromPem(pem: string): KeyObject {
  return createPublicKey(pem.replace(/\\n/g, '\n'));
}
