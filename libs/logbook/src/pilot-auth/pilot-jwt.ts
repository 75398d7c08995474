import { createHmac } from 'node:crypto';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { isUuid } from '@pft/contracts';
import { SECRET_JWT_ALGORITHM } from './jwt-algorithms';
import {
  type JwksTiming,
  KeySetUnavailable,
  pilotTokenKeyOf,
  type PilotTokenKey,
  type PilotTokenKeyConfig,
} from './pilot-jwt-keys';

/**
 * Pilot tokens (JWT, compact form) verified with jose: the signature with the configured key and
 * only its pinned algorithms, `exp` (required) and `nbf` within a clock tolerance, `iss` and `aud`
 * when configured, `sub` a pilot account id; then `iat` (required) no later than the clock and its
 * tolerance, and `exp` at most MAX_PILOT_TOKEN_LIFETIME_SECONDS after it. Every refusal is a PilotTokenRejected (401); a key set
 * that cannot be fetched is a KeySetUnavailable (503).
 */

export type RejectionReason =
  | 'malformed'
  | 'algorithm'
  | 'critical-header'
  | 'unknown-key'
  | 'signature'
  | 'expired'
  | 'no-expiry'
  | 'lifetime'
  | 'issued-at'
  | 'issued-in-future'
  | 'not-yet-valid'
  | 'issuer'
  | 'audience'
  | 'subject'
  | 'claims';

export class PilotTokenRejected extends Error {
  constructor(readonly reason: RejectionReason) {
    super(reason);
    this.name = 'PilotTokenRejected';
  }
}

const CLAIM_REASONS: Record<string, RejectionReason> = {
  nbf: 'not-yet-valid',
  exp: 'no-expiry',
  iat: 'issued-at',
  iss: 'issuer',
  aud: 'audience',
  sub: 'subject',
};

/** jose's error, by its stable code, as the reason a token is refused. */
function rejectionOf(err: unknown): PilotTokenRejected {
  if (err instanceof PilotTokenRejected) return err;
  const { code, message, claim } = err as { code?: unknown; message?: unknown; claim?: unknown };
  const text = typeof message === 'string' ? message : '';
  const critical = /crit|Extension Header Parameter/.test(text);
  switch (code) {
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return new PilotTokenRejected('algorithm');
    case 'ERR_JOSE_NOT_SUPPORTED':
      return new PilotTokenRejected(critical ? 'critical-header' : 'algorithm');
    case 'ERR_JWS_INVALID':
      return new PilotTokenRejected(critical ? 'critical-header' : 'malformed');
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return new PilotTokenRejected('signature');
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return new PilotTokenRejected('unknown-key');
    case 'ERR_JWT_EXPIRED':
      return new PilotTokenRejected('expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return new PilotTokenRejected((typeof claim === 'string' && CLAIM_REASONS[claim]) || 'claims');
    case 'ERR_JWT_INVALID':
      return new PilotTokenRejected('malformed');
    default:
      // jose refuses a key that does not fit the token's algorithm with a TypeError: the token's doing.
      return new PilotTokenRejected('signature');
  }
}

/** The longest a pilot token may live, from `iat` to `exp`: a day. */
export const MAX_PILOT_TOKEN_LIFETIME_SECONDS = 86_400;

export interface VerifiedPilot {
  /** The pilot account id from `sub`, in lower case. */
  pilotAccountId: string;
  expiresAt: number;
}

export interface PilotTokenChecks {
  issuer?: string;
  audience?: string;
  clockToleranceSeconds: number;
}

/** Tokens verified in full that are remembered at most (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;
/**
 * How long a token verified in full is answered from memory before it is verified again. A pilot app
 * sends one token with every request until it expires; verifying its signature each time (WebCrypto's
 * HMAC through jose) was the largest share of a single write's CPU. A signing key taken out of the key
 * set stops being trusted for remembered tokens within this time; jose's own key set cache keeps a
 * removed key for minutes.
 */
const VERIFIED_TOKEN_TTL_MS = 60_000;

export class PilotJwtVerifier {
  private readonly key: JWTVerifyGetKey;
  private readonly algorithms: string[];
  /** By the token's whole text: what verifying it in full answered. */
  private readonly verified: LRUCache<string, VerifiedPilot>;

  constructor(
    key: PilotTokenKey,
    private readonly checks: PilotTokenChecks,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.verified = new LRUCache({
      max: VERIFIED_TOKENS_KEPT,
      ttl: VERIFIED_TOKEN_TTL_MS,
      perf: { now },
      ttlResolution: 0,
    });
    this.algorithms = key.algorithms;
    // No extension is understood here, so a token that marks any as critical is refused (RFC 7515
    // 4.1.11); jose itself lets `b64` through.
    this.key = (header, token) => {
      if (header.crit !== undefined) throw new PilotTokenRejected('critical-header');
      return typeof key.key === 'function' ? key.key(header, token) : key.key;
    };
  }

  async verify(token: string): Promise<VerifiedPilot> {
    const known = this.verified.get(token);
    if (known) {
      // Everything else it was checked for holds as long as it did (nbf passed stays passed); its
      // expiry is checked against the clock each time, as jose checks it.
      const nowSeconds = Math.floor(this.now() / 1000);
      if (known.expiresAt <= nowSeconds - this.checks.clockToleranceSeconds) {
        this.verified.delete(token);
        throw new PilotTokenRejected('expired');
      }
      return known;
    }
    const pilot = await this.verifyInFull(token);
    this.verified.set(token, pilot);
    return pilot;
  }

  private async verifyInFull(token: string): Promise<VerifiedPilot> {
    let payload: { sub?: unknown; exp?: unknown; iat?: unknown };
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: this.algorithms,
        issuer: this.checks.issuer,
        audience: this.checks.audience,
        clockTolerance: this.checks.clockToleranceSeconds,
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (err) {
      if (err instanceof KeySetUnavailable) throw err;
      throw rejectionOf(err);
    }
    const { sub, exp, iat } = payload as { sub?: unknown; exp: number; iat: number };
    // jose takes any number, Infinity (`1e309`) included: a token for ever, or issued years ahead.
    if (iat > Math.floor(this.now() / 1000) + this.checks.clockToleranceSeconds)
      throw new PilotTokenRejected('issued-in-future');
    if (!(exp - iat <= MAX_PILOT_TOKEN_LIFETIME_SECONDS)) throw new PilotTokenRejected('lifetime');
    if (typeof sub !== 'string' || !isUuid(sub)) throw new PilotTokenRejected('subject');
    return { pilotAccountId: sub.toLowerCase(), expiresAt: exp };
  }
}

export interface PilotTokenConfig extends PilotTokenKeyConfig {
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
  JWT_CLOCK_TOLERANCE_SECONDS: number;
}

/** A verifier for the configured key and claims. */
export function pilotJwtVerifierFor(config: PilotTokenConfig, timing?: JwksTiming): PilotJwtVerifier {
  return new PilotJwtVerifier(pilotTokenKeyOf(config, timing), {
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    clockToleranceSeconds: config.JWT_CLOCK_TOLERANCE_SECONDS,
  });
}

/** The `iss` and `aud` a minted token carries: the configured ones, so the service accepts it. */
export interface MintedClaims {
  issuer?: string;
  audience?: string;
}

/**
 * A pilot token signed with the local secret (HS256), for development, tests and `pft token mint`.
 * Synchronous on purpose: tests mint tokens inline, and jose signs only asynchronously; what it
 * makes is checked by jose like any other token.
 */
export function mintPilotToken(
  secret: string,
  pilotAccountId: string,
  ttlSeconds: number,
  nowMs = Date.now(),
  claims: MintedClaims = {},
): string {
  const iat = Math.floor(nowMs / 1000);
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    ...(claims.issuer === undefined ? {} : { iss: claims.issuer }),
    ...(claims.audience === undefined ? {} : { aud: claims.audience }),
    sub: pilotAccountId,
    iat,
    exp: iat + ttlSeconds,
  };
  const unsigned = `${encode({ alg: SECRET_JWT_ALGORITHM, typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
