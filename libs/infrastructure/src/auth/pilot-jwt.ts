import { createHmac, createSecretKey, type KeyObject, timingSafeEqual, verify } from 'node:crypto';
import { isUuid } from '@pft/domain';
import { pilotJwtKeyOf, type JwtKeySource } from './pilot-jwt-keys';

/**
 * Pilot tokens (JWT, compact form) verified with node:crypto: HS256 with the local secret, or an
 * asymmetric signature with a PEM public key or a JWKS URL, as configured. jose is installed, but it is
 * ESM only and the test runner loads CommonJS, so the few checks a JWS needs are done here.
 */

export class PilotTokenRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PilotTokenRejected';
  }
}

/** Hash and signature shape of each accepted algorithm; `none` and anything else is refused. */
const ALGORITHMS = {
  HS256: { hash: 'sha256', kind: 'hmac' },
  RS256: { hash: 'sha256', kind: 'rsa' },
  RS384: { hash: 'sha384', kind: 'rsa' },
  RS512: { hash: 'sha512', kind: 'rsa' },
  PS256: { hash: 'sha256', kind: 'rsa-pss' },
  PS384: { hash: 'sha384', kind: 'rsa-pss' },
  PS512: { hash: 'sha512', kind: 'rsa-pss' },
  ES256: { hash: 'sha256', kind: 'ec' },
  ES384: { hash: 'sha384', kind: 'ec' },
  ES512: { hash: 'sha512', kind: 'ec' },
  EdDSA: { hash: null, kind: 'ed' },
} as const;
export type JwtAlgorithm = keyof typeof ALGORITHMS;

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

function signatureValid(alg: JwtAlgorithm, key: KeyObject, signed: Buffer, signature: Buffer): boolean {
  const { hash, kind } = ALGORITHMS[alg];
  switch (kind) {
    case 'hmac': {
      if (key.type !== 'secret') return false;
      const expected = createHmac(hash, key).update(signed).digest();
      return expected.length === signature.length && timingSafeEqual(expected, signature);
    }
    case 'rsa':
      return key.asymmetricKeyType === 'rsa' && verify(hash, signed, key, signature);
    case 'rsa-pss':
      return (
        (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') &&
        verify(hash, signed, { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: -1 }, signature)
      );
    case 'ec':
      return (
        key.asymmetricKeyType === 'ec' && verify(hash, signed, { key, dsaEncoding: 'ieee-p1363' }, signature)
      );
    case 'ed':
      return (
        (key.asymmetricKeyType === 'ed25519' || key.asymmetricKeyType === 'ed448') &&
        verify(null, signed, key, signature)
      );
  }
}

export interface VerifiedPilot {
  /** The pilot account id from `sub`, in lower case. */
  pilotAccountId: string;
  expiresAt: number;
}

/** Verifies signature, `exp` (required) and `nbf`, and returns the pilot account from `sub` (a UUID). */
export class PilotJwtVerifier {
  constructor(
    private readonly keys: JwtKeySource,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async verify(token: string): Promise<VerifiedPilot> {
    const parts = token.split('.');
    if (parts.length !== 3) throw new PilotTokenRejected('not a compact JWS');
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = decodeJson(headerPart);
      claims = decodeJson(payloadPart);
    } catch {
      throw new PilotTokenRejected('malformed token');
    }
    const alg = header.alg;
    if (
      typeof alg !== 'string' ||
      !Object.hasOwn(ALGORITHMS, alg) ||
      !this.keys.accepts(alg as JwtAlgorithm)
    ) {
      throw new PilotTokenRejected('algorithm not accepted');
    }
    const key = await this.keys.keyFor(
      alg as JwtAlgorithm,
      typeof header.kid === 'string' ? header.kid : undefined,
    );
    const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');
    if (!key || !signatureValid(alg as JwtAlgorithm, key, signed, Buffer.from(signaturePart, 'base64url'))) {
      throw new PilotTokenRejected('bad signature');
    }
    const nowSeconds = Math.floor(this.now() / 1000);
    const { exp, nbf, sub } = claims;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new PilotTokenRejected('no expiry');
    if (exp <= nowSeconds) throw new PilotTokenRejected('expired');
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds))
      throw new PilotTokenRejected('not yet valid');
    if (typeof sub !== 'string' || !isUuid(sub))
      throw new PilotTokenRejected('subject is not a pilot account id');
    return { pilotAccountId: sub.toLowerCase(), expiresAt: exp };
  }
}

/** A verifier for the configured key: JWKS URL, else PEM public key, else the local HS256 secret. */
export function pilotJwtVerifierFor(config: {
  JWT_SECRET: string;
  JWT_PUBLIC_KEY?: string;
  JWKS_URL?: string;
}): PilotJwtVerifier {
  return new PilotJwtVerifier(pilotJwtKeyOf(config));
}

/** A pilot token signed with the local secret (HS256), for development and tests. */
export function mintPilotToken(
  secret: string,
  pilotAccountId: string,
  ttlSeconds: number,
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: pilotAccountId, iat, exp: iat + ttlSeconds })}`;
  const signature = createHmac('sha256', createSecretKey(Buffer.from(secret, 'utf8')))
    .update(unsigned)
    .digest('base64url');
  return `${unsigned}.${signature}`;
}
