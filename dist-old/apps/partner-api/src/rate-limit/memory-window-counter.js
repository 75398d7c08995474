"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryWindowCounter = void 0;
/**
 * Per-process fixed-window counts: the stand-in while Redis is unreachable, so the API neither fails
 * open without limit nor fails every request. Each replica counts alone, so the effective limit is
 * at most the key's limit times the replica count for as long as Redis is away.
 */
class MemoryWindowCounter {
    windowId = -1;
    counts = new Map();
    hit(key, windowId) {
        if (windowId !== this.windowId) {
            // Counts of earlier windows are worthless: drop them rather than let the map grow.
            this.windowId = windowId;
            this.counts = new Map();
        }
        const count = (this.counts.get(key) ?? 0) + 1;
        this.counts.set(key, count);
        return count;
    }
}
exports.MemoryWindowCounter = MemoryWindowCounter;
//# sourceMappingURL=memory-window-counter.js.map