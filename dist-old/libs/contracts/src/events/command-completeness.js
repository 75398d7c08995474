"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.incompleteCommandStart = incompleteCommandStart;
/**
 * The offset of the first event of the earliest command that `events` (one partition, in offset order)
 * hold only part of; null when every command in them is whole. Applying the events before that offset
 * and none after it never shows a reader half a command.
 */
function incompleteCommandStart(events) {
    const lastOfStream = new Map();
    events.forEach((e, i) => lastOfStream.set(e.stream_id, i));
    let earliest = null;
    for (const i of lastOfStream.values()) {
        const last = events[i];
        const end = last.command_last_version;
        if (end === undefined || last.stream_version >= end)
            continue;
        // Walk back over the command's events already here: those of the stream with the same end.
        let first = i;
        for (let j = i - 1; j >= 0; j--) {
            const e = events[j];
            if (e.stream_id !== last.stream_id)
                continue;
            if (e.command_last_version !== end)
                break;
            first = j;
        }
        const offset = BigInt(events[first].offset);
        if (earliest === null || offset < earliest)
            earliest = offset;
    }
    return earliest === null ? null : earliest.toString();
}
//# sourceMappingURL=command-completeness.js.map