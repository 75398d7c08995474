"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RetryGate = void 0;
/**
 * Whether to ask a dependency that has just failed: after a failure, callers within the next
 * `intervalMs` are told not to (they take their fallback at once); then one caller is let through
 * to try again, and the others keep their fallback while it does. A dependency that does not answer
 * then costs one caller its time limit per interval, not every caller.
 */
class RetryGate {
    intervalMs;
    now;
    failing = false;
    retryAt = 0;
    constructor(intervalMs, now = () => performance.now()) {
        this.intervalMs = intervalMs;
        this.now = now;
    }
    /** True when the caller should ask the dependency now. */
    tryNow() {
        if (!this.failing)
            return true;
        if (this.now() < this.retryAt)
            return false;
        this.retryAt = this.now() + this.intervalMs;
        return true;
    }
    /** True when the dependency was failing until this success. */
    succeeded() {
        const was = this.failing;
        this.failing = false;
        return was;
    }
    /** True when this is the first failure after a success. */
    failed() {
        const first = !this.failing;
        this.failing = true;
        this.retryAt = this.now() + this.intervalMs;
        return first;
    }
}
exports.RetryGate = RetryGate;
//# sourceMappingURL=retry-gate.js.map