"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.jwtKeyProblems = jwtKeyProblems;
const jwt_algorithms_1 = require("../auth/jwt-algorithms");
/**
 * JWT_PUBLIC_KEY and JWT_ALGORITHMS checked together: a key that cannot check any accepted
 * algorithm would refuse every pilot token, which should stop the app at start, not at each request.
 */
function jwtKeyProblems(config) {
    if (config.JWKS_URL || !config.JWT_PUBLIC_KEY)
        return [];
    const key = (0, jwt_algorithms_1.publicKeyFromPem)(config.JWT_PUBLIC_KEY);
    if (config.JWT_ALGORITHMS === undefined) {
        return (0, jwt_algorithms_1.defaultAlgorithmForKey)(key)
            ? []
            : [
                {
                    variable: 'JWT_PUBLIC_KEY',
                    message: `a ${key.asymmetricKeyType ?? 'unknown'} key, for none of the accepted algorithms (RSA, EC P-256/384/521 or Ed25519)`,
                },
            ];
    }
    const unfit = (0, jwt_algorithms_1.jwtAlgorithmList)(config.JWT_ALGORITHMS).filter((alg) => !(0, jwt_algorithms_1.algorithmFitsKey)(alg, key));
    return unfit.length === 0
        ? []
        : [
            {
                variable: 'JWT_ALGORITHMS',
                message: `${unfit.join(', ')} cannot be checked with the ${key.asymmetricKeyType ?? 'unknown'} key of JWT_PUBLIC_KEY`,
            },
        ];
}
//# sourceMappingURL=jwt-key-rules.js.map