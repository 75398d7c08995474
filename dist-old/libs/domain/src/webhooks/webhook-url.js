"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.checkWebhookUrl = checkWebhookUrl;
exports.hostOf = hostOf;
exports.isRestrictedAddress = isRestrictedAddress;
const MAX_URL_LENGTH = 2048;
/**
 * An endpoint URL as partner platform 4.1 allows it: absolute `https://` with a host, no credentials,
 * and not an address in a loopback, private, link-local or unique-local range (nor `localhost`).
 * `allowPrivate` (the operator's WEBHOOK_ALLOW_PRIVATE_URLS, for development and tests) lifts the last
 * two rules: `http://` and such addresses are then taken. Names are resolved, and checked again, on
 * every delivery (isRestrictedAddress); here only what the URL itself says.
 */
function checkWebhookUrl(text, allowPrivate) {
    if (typeof text !== 'string' || text.length === 0 || text.length > MAX_URL_LENGTH)
        return { ok: false, issue: 'invalid' };
    let url;
    try {
        url = new URL(text);
    }
    catch {
        return { ok: false, issue: 'invalid' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return { ok: false, issue: 'invalid' };
    if (url.hostname === '' || url.username !== '' || url.password !== '' || /\s/.test(text))
        return { ok: false, issue: 'invalid' };
    if (allowPrivate)
        return { ok: true, url: url.toString() };
    if (url.protocol !== 'https:')
        return { ok: false, issue: 'not_https' };
    const host = hostOf(url);
    if (host === 'localhost' || host.endsWith('.localhost') || isRestrictedAddress(host))
        return { ok: false, issue: 'private_address' };
    return { ok: true, url: url.toString() };
}
/** The URL's host name or address, IPv6 without its brackets, lower case. */
function hostOf(url) {
    return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}
/**
 * True for an IP address (v4 or v6 text) in a range a webhook must not reach: unspecified, loopback,
 * private (RFC 1918, shared 100.64/10), link-local, unique-local, multicast and broadcast, IPv4-mapped
 * IPv6 included. False for names and public addresses.
 */
function isRestrictedAddress(address) {
    const v4 = ipv4Octets(address);
    if (v4)
        return restrictedV4(v4);
    const v6 = ipv6Groups(address);
    if (!v6)
        return false;
    if (v6.every((g) => g === 0))
        return true; // ::
    if (v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1)
        return true; // ::1
    if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff)
        return restrictedV4([v6[6] >> 8, v6[6] & 0xff, v6[7] >> 8, v6[7] & 0xff]);
    const first = v6[0];
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}
function restrictedV4([a, b]) {
    return (a === 0 ||
        a === 10 ||
        a === 127 ||
        (a === 100 && b >= 64 && b <= 127) ||
        (a === 169 && b === 254) ||
        (a === 172 && b >= 16 && b <= 31) ||
        (a === 192 && b === 168) ||
        a >= 224);
}
function ipv4Octets(text) {
    const parts = text.split('.');
    if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p)))
        return undefined;
    const octets = parts.map(Number);
    return octets.every((o) => o <= 255) ? octets : undefined;
}
/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail allowed); undefined otherwise. */
function ipv6Groups(text) {
    if (!text.includes(':'))
        return undefined;
    let body = text.replace(/%.*$/, '');
    const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
    if (dotted) {
        const v4 = ipv4Octets(dotted[1]);
        if (!v4)
            return undefined;
        const hex = (n) => n.toString(16);
        body = body.slice(0, dotted.index) + `${hex((v4[0] << 8) | v4[1])}:${hex((v4[2] << 8) | v4[3])}`;
    }
    const halves = body.split('::');
    if (halves.length > 2)
        return undefined;
    const parse = (s) => {
        if (s === '')
            return [];
        const groups = s.split(':');
        if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)))
            return undefined;
        return groups.map((g) => parseInt(g, 16));
    };
    const head = parse(halves[0]);
    const rest = halves.length === 2 ? parse(halves[1]) : [];
    if (!head || !rest)
        return undefined;
    const known = head.length + rest.length;
    if (halves.length === 1 ? known !== 8 : known > 7)
        return undefined;
    return [...head, ...new Array(8 - known).fill(0), ...rest];
}
//# sourceMappingURL=webhook-url.js.map