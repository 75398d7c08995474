"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.trustedProxyList = trustedProxyList;
exports.IsTrustedProxyList = IsTrustedProxyList;
const node_net_1 = require("node:net");
const class_validator_1 = require("class-validator");
/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/**
 * The entries of TRUSTED_PROXIES: addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`) or the names
 * loopback, linklocal and uniquelocal, separated by commas. Empty: no proxy is trusted.
 */
function trustedProxyList(value) {
    return value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0);
}
function isProxyEntry(entry) {
    if (NAMED_RANGES.has(entry))
        return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = (0, node_net_1.isIP)(address ?? '');
    if (family === 0 || rest.length > 0)
        return false;
    if (bits === undefined)
        return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
function IsTrustedProxyList(options) {
    return (0, class_validator_1.ValidateBy)({
        name: 'isTrustedProxyList',
        validator: {
            validate: (value) => typeof value === 'string' && trustedProxyList(value).every(isProxyEntry),
            defaultMessage: () => 'TRUSTED_PROXIES must be addresses or CIDR ranges (or loopback, linklocal, uniquelocal), separated by commas',
        },
    }, options);
}
//# sourceMappingURL=trusted-proxies.js.map