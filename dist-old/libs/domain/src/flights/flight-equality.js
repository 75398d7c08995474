"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sameFlight = sameFlight;
/** Key order does not matter (a flight read back from jsonb has its keys reordered); values do. */
function canonical(value) {
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
    }
    return JSON.stringify(value);
}
/** Whether two stored-form flights are the same record: what tells a replay from a conflict. */
function sameFlight(a, b) {
    return canonical(a) === canonical(b);
}
//# sourceMappingURL=flight-equality.js.map