"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HeldCommands = exports.HOLD_LIMIT_MS = exports.HOLD_RETRY_MS = void 0;
/** How long to wait before reading a held-back command again, and how long to hold it back at most. */
exports.HOLD_RETRY_MS = 200;
exports.HOLD_LIMIT_MS = 60_000;
/**
 * Per partition, the command a batch held back (the first event of a command the batch holds only part
 * of) and since when: read again from there until its rest comes, and applied in parts once it has been
 * held back for longer than HOLD_LIMIT_MS (its rest may never come as a whole: a fetch too small for
 * it, an unreadable last event).
 */
class HeldCommands {
    now;
    held = new Map();
    constructor(now = Date.now) {
        this.now = now;
    }
    /** True when the batch starts at a command held back for longer than HOLD_LIMIT_MS. */
    heldTooLong(partition, firstOffset) {
        const held = this.held.get(partition);
        return held !== undefined && held.offset === firstOffset && this.now() - held.since > exports.HOLD_LIMIT_MS;
    }
    /**
     * Notes what a batch held back from (null: nothing); returns the offset to read again from, if any.
     * The time it was first held back from that offset is kept while the same command stays held.
     */
    note(partition, heldFrom) {
        if (heldFrom === null) {
            this.held.delete(partition);
            return undefined;
        }
        if (this.held.get(partition)?.offset !== heldFrom)
            this.held.set(partition, { offset: heldFrom, since: this.now() });
        return heldFrom;
    }
}
exports.HeldCommands = HeldCommands;
//# sourceMappingURL=held-commands.js.map