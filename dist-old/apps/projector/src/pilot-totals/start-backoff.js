"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.StartBackoff = void 0;
/** The first wait after a failed start, and the longest: a broker that comes back is found within 10 s. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 10_000;
/** When to try starting the consumer again: doubling waits after each failure, from nothing after a success. */
class StartBackoff {
    now;
    attempts = 0;
    nextAt = 0;
    constructor(now = Date.now) {
        this.now = now;
    }
    /** True while the wait after the last failure has not passed. */
    waiting() {
        return this.now() < this.nextAt;
    }
    /** Records a failure; returns how long to wait before the next try. */
    failed() {
        this.attempts += 1;
        const delayMs = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (this.attempts - 1));
        this.nextAt = this.now() + delayMs;
        return delayMs;
    }
    succeeded() {
        this.attempts = 0;
        this.nextAt = 0;
    }
}
exports.StartBackoff = StartBackoff;
//# sourceMappingURL=start-backoff.js.map