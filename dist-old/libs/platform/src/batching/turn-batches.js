"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TurnBatches = void 0;
/**
 * Callers that ask for the same key in one turn of the event loop, served by one call for all of
 * them, made once the turn's input has been read (setImmediate), with what each caller brought
 * (`item`, in the order they joined). Under load the loop reads tens of requests in one turn; each
 * would otherwise cost a command or a statement of its own. The call is made after every caller that
 * joined it asked, so what it reads is at least as new as each of their requests; a caller that asks
 * once a call is under way waits for the next one. (Reads that share one answer; for items that each
 * need their own result, in bounded batches that never hold one key twice, see TurnBatcher.)
 */
class TurnBatches {
    call;
    open = new Map();
    constructor(call) {
        this.call = call;
    }
    join(key, item) {
        if (this.open.size === 0)
            setImmediate(() => this.flush());
        let batch = this.open.get(key);
        if (!batch) {
            batch = { items: [], waiting: [] };
            this.open.set(key, batch);
        }
        batch.items.push(item);
        const joined = batch;
        return new Promise((resolve, reject) => joined.waiting.push({ resolve, reject }));
    }
    flush() {
        const batches = this.open;
        this.open = new Map();
        for (const [key, { items, waiting }] of batches) {
            // A call that throws instead of rejecting fails its callers too, never the process.
            new Promise((resolve) => resolve(this.call(key, items))).then((result) => waiting.forEach((w, index) => w.resolve({ result, size: waiting.length, index })), (err) => waiting.forEach((w) => w.reject(err)));
        }
    }
}
exports.TurnBatches = TurnBatches;
//# sourceMappingURL=turn-batches.js.map