"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.hashLinkingCode = hashLinkingCode;
const node_crypto_1 = require("node:crypto");
/**
 * How a linking code is kept at rest (`linking_codes.code_hash`): the SHA-256 of its normalized form
 * (`normalizeLinkingCode` from @pft/domain), so the issuing and the redeeming side find the same row
 * and the code itself is never stored.
 */
function hashLinkingCode(normalizedCode) {
    return (0, node_crypto_1.createHash)('sha256').update(normalizedCode, 'utf8').digest();
}
//# sourceMappingURL=linking-code-hash.js.map