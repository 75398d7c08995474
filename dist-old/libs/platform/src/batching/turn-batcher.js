"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TurnBatcher = void 0;
const afterThisTurn = (flush) => {
    setImmediate(flush);
};
/**
 * Gathers the items added in one event-loop turn into one batch and runs it once, after the turn (or
 * as soon as it is full), each caller answered with its own item's result. `run` answers one result per
 * item, in the items' order; when it throws, every item of the batch fails with its error. The first
 * item of a turn starts a batch and the others ride along: none waits longer than the rest of its turn,
 * but for an item whose key is taken, which waits for the batch holding it. (Writes, each answered on
 * its own; for callers of one key that share one call and its answer, see TurnBatches.)
 */
class TurnBatcher {
    run;
    options;
    open;
    /** The keys of the items of the open batch and of those running. */
    busy = new Set();
    /** Items whose key was busy, in the order they came. */
    deferred = [];
    schedule;
    constructor(run, options) {
        this.run = run;
        this.options = options;
        if (!(options.maxSize >= 1))
            throw new Error('a batch holds one item at least');
        this.schedule = options.schedule ?? afterThisTurn;
    }
    /** The item's result once its batch has run. */
    add(item) {
        return new Promise((resolve, reject) => {
            const waiting = { item, key: this.options.keyOf?.(item), resolve, reject };
            if (waiting.key !== undefined && this.busy.has(waiting.key))
                this.deferred.push(waiting);
            else
                this.join(waiting);
        });
    }
    join(waiting) {
        const batch = this.open ?? this.start();
        batch.waiting.push(waiting);
        if (waiting.key !== undefined)
            this.busy.add(waiting.key);
        if (batch.waiting.length >= this.options.maxSize)
            this.flush(batch);
    }
    start() {
        const batch = { waiting: [] };
        this.open = batch;
        this.schedule(() => this.flush(batch));
        return batch;
    }
    /** Runs `batch` unless it has run already (it filled up before its turn ended). */
    flush(batch) {
        if (this.open !== batch)
            return;
        this.open = undefined;
        void this.settle(batch.waiting);
    }
    async settle(waiting) {
        let results;
        let failure;
        try {
            results = await this.run(waiting.map((w) => w.item));
            if (results.length !== waiting.length) {
                throw new Error(`a batch of ${waiting.length} items was answered with ${results.length} results`);
            }
        }
        catch (err) {
            results = undefined;
            failure = err;
        }
        waiting.forEach((w, i) => (results ? w.resolve(results[i]) : w.reject(failure)));
        for (const w of waiting)
            if (w.key !== undefined)
                this.busy.delete(w.key);
        this.release();
    }
    /** Moves the waiting items whose key is free now into the open batch, in the order they came. */
    release() {
        const still = [];
        for (const w of this.deferred) {
            if (this.busy.has(w.key))
                still.push(w);
            else
                this.join(w);
        }
        this.deferred = still;
    }
}
exports.TurnBatcher = TurnBatcher;
//# sourceMappingURL=turn-batcher.js.map