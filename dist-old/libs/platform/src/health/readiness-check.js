"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.withTimeout = withTimeout;
function withTimeout(work, ms, what) {
    let timer;
    const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
//# sourceMappingURL=readiness-check.js.map