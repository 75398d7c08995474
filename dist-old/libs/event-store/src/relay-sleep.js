"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RelaySleep = void 0;
/**
 * The relay's wait between looks at the outbox: a sleep that a wake-up (a writer committed events, a
 * notification arrived) cuts short, and that stopping ends at once. A wake-up that comes while the
 * relay is busy is kept, so the next sleep returns at once, until the relay takes it (`taken`) as it
 * reads the outbox.
 */
class RelaySleep {
    stopped = false;
    wakeRequested = false;
    waiter;
    get stopping() {
        return this.stopped;
    }
    /** Sleeps may last again (the relay starting). */
    resume() {
        this.stopped = false;
    }
    /** Ends the sleep under way and every later one at once (the relay stopping). */
    stop() {
        this.stopped = true;
        this.waiter?.();
    }
    wake() {
        this.wakeRequested = true;
        this.waiter?.();
    }
    /** The relay is reading the outbox now: a wake-up before this is answered by that read. */
    taken() {
        this.wakeRequested = false;
    }
    /** Resolves after `ms`, on a wake-up (unless `ignoreWake`), or on stop. */
    sleep(ms, ignoreWake = false) {
        if (this.stopped || (!ignoreWake && this.wakeRequested))
            return Promise.resolve();
        return new Promise((resolve) => {
            const timer = setTimeout(done, ms);
            const wake = () => {
                if (!ignoreWake || this.stopped)
                    done();
            };
            function done() {
                clearTimeout(timer);
                resolve();
            }
            this.waiter = wake;
        }).finally(() => (this.waiter = undefined));
    }
}
exports.RelaySleep = RelaySleep;
//# sourceMappingURL=relay-sleep.js.map