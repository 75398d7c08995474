"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SpacedSignal = void 0;
/**
 * A signal sent at most once per interval: the first request is sent at once; requests while one is in
 * flight or within `intervalMs` of its start fold into one more, sent when the interval is over. So
 * every request is followed by a send that starts after it, within `intervalMs` plus one send's time,
 * and a steady stream of requests costs one send per interval, not one per request.
 */
class SpacedSignal {
    send;
    intervalMs;
    busy = false;
    again = false;
    constructor(send, intervalMs) {
        this.send = send;
        this.intervalMs = intervalMs;
    }
    request() {
        if (this.busy) {
            this.again = true;
            return;
        }
        this.busy = true;
        const startedAt = performance.now();
        const sent = () => {
            const rest = this.intervalMs - (performance.now() - startedAt);
            if (rest <= 0)
                this.settle();
            else
                setTimeout(() => this.settle(), rest).unref();
        };
        // A failed send is the sender's to report; the next request still goes out.
        this.send().then(sent, sent);
    }
    settle() {
        this.busy = false;
        if (this.again) {
            this.again = false;
            this.request();
        }
    }
}
exports.SpacedSignal = SpacedSignal;
//# sourceMappingURL=spaced-signal.js.map