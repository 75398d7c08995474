"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsMasterKey = IsMasterKey;
exports.IsMasterKeyList = IsMasterKeyList;
const class_validator_1 = require("class-validator");
const master_keys_1 = require("../crypto/master-keys");
/** PFT_MASTER_KEY: 32 bytes in base64. */
function IsMasterKey(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isMasterKey',
        validator: {
            validate: (value) => typeof value === 'string' && (0, master_keys_1.masterKeyProblem)(value) === null,
            defaultMessage: () => 'PFT_MASTER_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
        },
    }, options);
}
/** PFT_PREVIOUS_MASTER_KEYS: master keys of 32 bytes in base64, separated by commas. */
function IsMasterKeyList(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isMasterKeyList',
        validator: {
            validate: (value) => typeof value === 'string' &&
                value
                    .split(',')
                    .map((k) => k.trim())
                    .filter((k) => k !== '')
                    .every((k) => (0, master_keys_1.masterKeyProblem)(k) === null),
            defaultMessage: () => 'PFT_PREVIOUS_MASTER_KEYS must be master keys (32 bytes, base64) separated by commas',
        },
    }, options);
}
//# sourceMappingURL=master-key-variables.js.map