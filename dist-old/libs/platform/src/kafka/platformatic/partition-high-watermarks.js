"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PartitionHighWatermarks = void 0;
/** A partition's end is asked of the broker again once this old (it only feeds the lag figure). */
const HIGH_WATERMARK_AGE_MS = 1000;
/**
 * The ends (high watermarks) of the partitions a consumer reads, asked of the broker at most once a
 * second per partition: @platformatic/kafka's message stream does not carry them, and the port's batch
 * hands one to the handler (the projector's lag figure).
 */
class PartitionHighWatermarks {
    listEnd;
    now;
    known = new Map();
    constructor(listEnd, now = Date.now) {
        this.listEnd = listEnd;
        this.now = now;
    }
    /** The partition's end: at least `atLeast` (the offset after the batch in hand). */
    async get(topic, partition, atLeast) {
        const key = `${topic}:${partition}`;
        const cached = this.known.get(key);
        if (cached && cached.offset >= atLeast && this.now() - cached.at < HIGH_WATERMARK_AGE_MS)
            return cached.offset;
        const end = await this.listEnd(topic, partition).catch(() => undefined);
        const offset = end !== undefined && end > atLeast ? end : atLeast;
        this.known.set(key, { offset, at: this.now() });
        return offset;
    }
}
exports.PartitionHighWatermarks = PartitionHighWatermarks;
//# sourceMappingURL=partition-high-watermarks.js.map