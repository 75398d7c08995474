"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KeySetUnavailable = void 0;
exports.jwksKey = jwksKey;
exports.pilotTokenKeyOf = pilotTokenKeyOf;
const jose_1 = require("jose");
const jwt_algorithms_1 = require("../../../platform/src/auth/jwt-algorithms.js");
/** The identity provider's key set could not be fetched: the token cannot be checked now (503, not 401). */
class KeySetUnavailable extends Error {
    constructor(cause) {
        super(`JWKS unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
        this.name = 'KeySetUnavailable';
    }
}
exports.KeySetUnavailable = KeySetUnavailable;
/** What the token's header decides (an unknown `kid`): its fault, answered 401 like a bad signature. */
const TOKEN_SIDE_JWKS_ERRORS = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS']);
/**
 * The key set at `url`, fetched on first use and cached by jose; a token naming a new `kid` fetches
 * it again (at most once per cooldown), so a key rotated at the identity provider needs no restart.
 */
function jwksKey(url, timing = {}) {
    const remote = (0, jose_1.createRemoteJWKSet)(new URL(url), {
        timeoutDuration: 5000,
        cacheMaxAge: timing.cacheMaxAgeMs ?? 10 * 60_000,
        cooldownDuration: timing.cooldownMs ?? 30_000,
    });
    return async (header, token) => {
        try {
            return await remote(header, token);
        }
        catch (err) {
            const code = err.code;
            if (typeof code === 'string' && TOKEN_SIDE_JWKS_ERRORS.has(code))
                throw err;
            throw new KeySetUnavailable(err);
        }
    };
}
/**
 * The configured key: JWKS URL, else PEM public key, else the local secret. The secret takes
 * HS256 only and the public keys never HS256, so no token can choose how it is checked.
 */
function pilotTokenKeyOf(config, timing) {
    const pinned = config.JWT_ALGORITHMS ? (0, jwt_algorithms_1.jwtAlgorithmList)(config.JWT_ALGORITHMS) : undefined;
    if (config.JWKS_URL) {
        return { key: jwksKey(config.JWKS_URL, timing), algorithms: pinned ?? [jwt_algorithms_1.DEFAULT_JWKS_ALGORITHM] };
    }
    if (config.JWT_PUBLIC_KEY) {
        const key = (0, jwt_algorithms_1.publicKeyFromPem)(config.JWT_PUBLIC_KEY);
        const algorithm = (0, jwt_algorithms_1.defaultAlgorithmForKey)(key);
        return { key, algorithms: pinned ?? (algorithm ? [algorithm] : []) };
    }
    return { key: new TextEncoder().encode(config.JWT_SECRET), algorithms: [jwt_algorithms_1.SECRET_JWT_ALGORITHM] };
}
//# sourceMappingURL=pilot-jwt-keys.js.map