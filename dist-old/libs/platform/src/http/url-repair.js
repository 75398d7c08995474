"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.repairUrl = repairUrl;
const HEX = /^[0-9A-Fa-f]{2}$/;
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
function percentEncodeBytes(bytes) {
    let out = '';
    for (const byte of bytes)
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return out;
}
/** A run of escapes whose bytes are not UTF-8, re-escaped from its lossy reading (U+FFFD for each bad sequence). */
function repairRun(run) {
    const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
    const text = bytes.toString('utf8');
    return Buffer.from(text, 'utf8').equals(bytes) ? run : percentEncodeBytes(Buffer.from(text, 'utf8'));
}
function repairPath(path) {
    let escaped = '';
    for (let i = 0; i < path.length; i++) {
        const char = path[i];
        // A '%' that starts no escape is the character itself.
        escaped += char === '%' && !HEX.test(path.slice(i + 1, i + 3)) ? '%25' : char;
    }
    return escaped.replace(ESCAPE_RUN, repairRun);
}
/**
 * The request URL with its path made valid percent-encoding, for the router, which otherwise refuses
 * the request before any hook runs (so before authentication and the rate limit): a stray `%` is
 * taken as itself (`%25`), and escapes that are not UTF-8 as U+FFFD. Such a path then matches no
 * route, or a route whose parameter check refuses it, through the usual checks in their usual
 * order. A URL that decodes is returned as it is; the query string is never touched (its parser
 * is lenient).
 */
function repairUrl(url) {
    if (!url.includes('%'))
        return url;
    const queryAt = url.search(/[?#]/);
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    try {
        decodeURI(path);
        return url;
    }
    catch {
        return repairPath(path) + (queryAt < 0 ? '' : url.slice(queryAt));
    }
}
//# sourceMappingURL=url-repair.js.map