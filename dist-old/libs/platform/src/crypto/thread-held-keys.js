"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ThreadHeldKeys = exports.HELD = void 0;
/** Sent in place of a key the thread holds already: the very KeyObject it was given last for that id. */
exports.HELD = true;
/**
 * The data keys the opening thread holds from earlier batches, as the caller's side knows them. A key
 * crosses to the thread as a copy of its KeyObject, which costs the thread about 2 µs to take in; a
 * projector's batch names a key for nearly every event when its pilots are many, so each key is sent
 * once, and after that named as HELD while the caller's key is still that same KeyObject. The thread
 * applies what it is told in the order it was sent (the port keeps it), so both sides agree:
 * - a key sent is held by its id, replacing any other;
 * - null or undefined for an id drops the one held (the key was destroyed, or is not in memory here);
 * - `forget`, applied before the batch's keys, drops those sent longer than `heldMs` ago, and the
 *   oldest beyond `max`.
 * A key is used by the thread only when the batch it opens names it, so a key the caller no longer
 * gives is never used again, and is gone from the thread within `heldMs`.
 */
class ThreadHeldKeys {
    max;
    heldMs;
    now;
    /** By key id, oldest sent first (a key sent again moves to the end). */
    held = new Map();
    constructor(options = {}) {
        this.max = options.max ?? 10_000;
        this.heldMs = options.heldMs ?? 60_000;
        this.now = options.now ?? Date.now;
    }
    /** How many keys the thread holds. */
    get size() {
        return this.held.size;
    }
    /** What to send for the keys of `keyIds`, and the ids the thread is to forget before reading them. */
    send(keyIds, keys) {
        const now = this.now();
        const forget = [];
        for (const [id, { sentAt }] of this.held) {
            if (now - sentAt < this.heldMs && this.held.size <= this.max)
                break;
            this.held.delete(id);
            forget.push(id);
        }
        const sent = keys.map((key, i) => {
            const id = keyIds[i];
            if (key && this.held.get(id)?.key === key)
                return exports.HELD;
            this.held.delete(id);
            if (key)
                this.held.set(id, { key, sentAt: now });
            return key;
        });
        return { keys: sent, forget };
    }
    /** The thread holds nothing (a new one was started). */
    clear() {
        this.held.clear();
    }
}
exports.ThreadHeldKeys = ThreadHeldKeys;
//# sourceMappingURL=thread-held-keys.js.map