"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.assessReadiness = assessReadiness;
/** Whether the app should be sent traffic, from the state of each of its dependencies. */
function assessReadiness(results) {
    const down = results.filter((r) => r.state === 'down');
    const missing = down.filter((r) => r.role === 'required').map((r) => r.name);
    const status = missing.length > 0 ? 'not_ready' : down.length > 0 ? 'degraded' : 'ready';
    return {
        status,
        checks: Object.fromEntries(results.map((r) => [r.name, r.state])),
        missing,
        down: down.map((r) => r.name),
    };
}
//# sourceMappingURL=readiness.js.map