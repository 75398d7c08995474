"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_PARTNER_SCOPES = exports.PARTNER_SCOPES = void 0;
exports.isPartnerScope = isPartnerScope;
exports.parseScopes = parseScopes;
exports.scopeAllows = scopeAllows;
/** What a partner API key may read (partner API v1, section 5). `POST /v1/link` needs none. */
exports.PARTNER_SCOPES = ['pilot-totals', 'rating-dictionary', 'webhooks'];
/** New keys read totals; the dictionary only when asked for. */
exports.DEFAULT_PARTNER_SCOPES = ['pilot-totals'];
function isPartnerScope(value) {
    return exports.PARTNER_SCOPES.includes(value);
}
/**
 * Scopes as an operator types them (`pilot-totals,rating-dictionary`), deduplicated and in catalog order.
 * An empty list is allowed: such a key can still link pilots.
 */
function parseScopes(list) {
    const given = list
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    const unknown = given.filter((s) => !isPartnerScope(s));
    if (unknown.length > 0)
        return { ok: false, unknown };
    return { ok: true, scopes: exports.PARTNER_SCOPES.filter((s) => given.includes(s)) };
}
/** True when a key holding `granted` may call an endpoint that needs `required` (undefined: no scope). */
function scopeAllows(granted, required) {
    return required === undefined || granted.includes(required);
}
//# sourceMappingURL=scopes.js.map