"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MIN_JWT_SECRET_BYTES = void 0;
exports.IsJwtSecret = IsJwtSecret;
exports.IsJwtAlgorithmList = IsJwtAlgorithmList;
exports.IsPublicKeyPem = IsPublicKeyPem;
const class_validator_1 = require("class-validator");
const jwt_algorithms_1 = require("../auth/jwt-algorithms");
/** HS256 needs a key of at least its hash's size (RFC 7518 3.2): 32 bytes. */
exports.MIN_JWT_SECRET_BYTES = 32;
function IsJwtSecret(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isJwtSecret',
        validator: {
            validate: (value) => typeof value === 'string' && Buffer.byteLength(value, 'utf8') >= exports.MIN_JWT_SECRET_BYTES,
            defaultMessage: () => `JWT_SECRET must be at least ${exports.MIN_JWT_SECRET_BYTES} bytes`,
        },
    }, options);
}
function IsJwtAlgorithmList(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isJwtAlgorithmList',
        validator: {
            validate: (value) => {
                if (typeof value !== 'string')
                    return false;
                const list = (0, jwt_algorithms_1.jwtAlgorithmList)(value);
                return list.length > 0 && list.every((alg) => jwt_algorithms_1.ASYMMETRIC_JWT_ALGORITHMS.includes(alg));
            },
            defaultMessage: () => `JWT_ALGORITHMS must be a comma-separated list of ${jwt_algorithms_1.ASYMMETRIC_JWT_ALGORITHMS.join(', ')}`,
        },
    }, options);
}
function IsPublicKeyPem(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isPublicKeyPem',
        validator: {
            validate: (value) => {
                // A private key would be read too (its public half), but it has no place in this variable.
                if (typeof value !== 'string' || value.includes('PRIVATE KEY'))
                    return false;
                try {
                    return (0, jwt_algorithms_1.publicKeyFromPem)(value).type === 'public';
                }
                catch {
                    return false;
                }
            },
            defaultMessage: () => 'JWT_PUBLIC_KEY must be a PEM public key (RSA, EC or Ed25519)',
        },
    }, options);
}
//# sourceMappingURL=jwt-variables.js.map