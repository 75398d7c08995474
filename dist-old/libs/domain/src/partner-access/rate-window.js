"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RETRY_AFTER_SECONDS = exports.DEFAULT_RATE_LIMIT_PER_MINUTE = exports.RATE_WINDOW_SECONDS = void 0;
exports.rateWindowAt = rateWindowAt;
exports.decideRate = decideRate;
exports.rateLimitHeaders = rateLimitHeaders;
/**
 * Fixed one-minute rate windows aligned to the clock minute. The clock is passed in, never read here.
 */
exports.RATE_WINDOW_SECONDS = 60;
/** The default tier of a new key, per minute (partner API v1, section 8). */
exports.DEFAULT_RATE_LIMIT_PER_MINUTE = 100;
/** What a 429 tells the caller to wait, as the spec fixes it regardless of the window's remainder. */
exports.RETRY_AFTER_SECONDS = 60;
function rateWindowAt(nowMs) {
    const seconds = Math.floor(nowMs / 1000);
    return {
        id: Math.floor(seconds / exports.RATE_WINDOW_SECONDS),
        resetSeconds: exports.RATE_WINDOW_SECONDS - (seconds % exports.RATE_WINDOW_SECONDS),
    };
}
/** The verdict on the `count`-th request (counting this one) of a window with `limit` allowed. */
function decideRate(limit, count, window) {
    return {
        allowed: count <= limit,
        limit,
        remaining: Math.max(0, limit - count),
        resetSeconds: window.resetSeconds,
    };
}
/** The response headers of a rate decision (RateLimit-* on every answer to a valid key). */
function rateLimitHeaders(decision) {
    const headers = {
        'RateLimit-Limit': String(decision.limit),
        'RateLimit-Remaining': String(decision.remaining),
        'RateLimit-Reset': String(decision.resetSeconds),
    };
    if (!decision.allowed)
        headers['Retry-After'] = String(exports.RETRY_AFTER_SECONDS);
    return headers;
}
//# sourceMappingURL=rate-window.js.map