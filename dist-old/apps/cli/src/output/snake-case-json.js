"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.snakeCaseJson = snakeCaseJson;
exports.snakeCaseKey = snakeCaseKey;
/**
 * The one serializer of `--json` output: every key in snake_case, however the value was built
 * (records of the libraries are camelCase), dates as ISO 8601 strings, bigints as decimal strings.
 * Keys are converted at every depth, so it is meant for records, not for maps keyed by data.
 */
function snakeCaseJson(value) {
    return JSON.stringify(snakeCaseKeys(value));
}
/** `partnerId` → `partner_id`, `HTTPStatus` → `http_status`; snake_case keys stay as they are. */
function snakeCaseKey(key) {
    return key
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
        .replace(/[-\s]+/g, '_')
        .toLowerCase();
}
function snakeCaseKeys(value) {
    if (value instanceof Date)
        return value.toISOString();
    if (typeof value === 'bigint')
        return value.toString();
    if (Array.isArray(value))
        return value.map(snakeCaseKeys);
    if (value !== null && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [snakeCaseKey(k), snakeCaseKeys(v)]));
    }
    return value;
}
//# sourceMappingURL=snake-case-json.js.map