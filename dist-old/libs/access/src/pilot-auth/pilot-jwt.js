"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PilotJwtVerifier = exports.PilotTokenRejected = void 0;
exports.pilotJwtVerifierFor = pilotJwtVerifierFor;
exports.mintPilotToken = mintPilotToken;
const node_crypto_1 = require("node:crypto");
const jose_1 = require("jose");
const lru_cache_1 = require("lru-cache");
const domain_1 = require("../../../domain/src/index.js");
const jwt_algorithms_1 = require("../../../platform/src/auth/jwt-algorithms.js");
const pilot_jwt_keys_1 = require("./pilot-jwt-keys");
class PilotTokenRejected extends Error {
    reason;
    constructor(reason) {
        super(reason);
        this.reason = reason;
        this.name = 'PilotTokenRejected';
    }
}
exports.PilotTokenRejected = PilotTokenRejected;
const CLAIM_REASONS = {
    nbf: 'not-yet-valid',
    exp: 'no-expiry',
    iss: 'issuer',
    aud: 'audience',
    sub: 'subject',
};
/** jose's error, by its stable code, as the reason a token is refused. */
function rejectionOf(err) {
    if (err instanceof PilotTokenRejected)
        return err;
    const { code, message, claim } = err;
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
class PilotJwtVerifier {
    checks;
    now;
    key;
    algorithms;
    /** By the token's whole text: what verifying it in full answered. */
    verified;
    constructor(key, checks, now = () => Date.now()) {
        this.checks = checks;
        this.now = now;
        this.verified = new lru_cache_1.LRUCache({
            max: VERIFIED_TOKENS_KEPT,
            ttl: VERIFIED_TOKEN_TTL_MS,
            perf: { now },
            ttlResolution: 0,
        });
        this.algorithms = key.algorithms;
        // No extension is understood here, so a token that marks any as critical is refused (RFC 7515
        // 4.1.11); jose itself lets `b64` through.
        this.key = (header, token) => {
            if (header.crit !== undefined)
                throw new PilotTokenRejected('critical-header');
            return typeof key.key === 'function' ? key.key(header, token) : key.key;
        };
    }
    async verify(token) {
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
    async verifyInFull(token) {
        let payload;
        try {
            ({ payload } = await (0, jose_1.jwtVerify)(token, this.key, {
                algorithms: this.algorithms,
                issuer: this.checks.issuer,
                audience: this.checks.audience,
                clockTolerance: this.checks.clockToleranceSeconds,
                currentDate: new Date(this.now()),
                requiredClaims: ['exp'],
            }));
        }
        catch (err) {
            if (err instanceof pilot_jwt_keys_1.KeySetUnavailable)
                throw err;
            throw rejectionOf(err);
        }
        const { sub, exp } = payload;
        if (typeof sub !== 'string' || !(0, domain_1.isUuid)(sub))
            throw new PilotTokenRejected('subject');
        return { pilotAccountId: sub.toLowerCase(), expiresAt: exp };
    }
}
exports.PilotJwtVerifier = PilotJwtVerifier;
/** A verifier for the configured key and claims. */
function pilotJwtVerifierFor(config, timing) {
    return new PilotJwtVerifier((0, pilot_jwt_keys_1.pilotTokenKeyOf)(config, timing), {
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        clockToleranceSeconds: config.JWT_CLOCK_TOLERANCE_SECONDS,
    });
}
/**
 * A pilot token signed with the local secret (HS256), for development, tests and `pft token mint`.
 * Synchronous on purpose: tests mint tokens inline, and jose signs only asynchronously; what it
 * makes is checked by jose like any other token.
 */
function mintPilotToken(secret, pilotAccountId, ttlSeconds, nowMs = Date.now(), claims = {}) {
    const iat = Math.floor(nowMs / 1000);
    const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = {
        ...(claims.issuer === undefined ? {} : { iss: claims.issuer }),
        ...(claims.audience === undefined ? {} : { aud: claims.audience }),
        sub: pilotAccountId,
        iat,
        exp: iat + ttlSeconds,
    };
    const unsigned = `${encode({ alg: jwt_algorithms_1.SECRET_JWT_ALGORITHM, typ: 'JWT' })}.${encode(payload)}`;
    return `${unsigned}.${(0, node_crypto_1.createHmac)('sha256', secret).update(unsigned).digest('base64url')}`;
}
//# sourceMappingURL=pilot-jwt.js.map