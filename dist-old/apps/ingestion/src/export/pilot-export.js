"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.exportedEvent = exportedEvent;
function exportedEvent(event) {
    return {
        event_id: event.event_id,
        type: event.type,
        version: event.version,
        stream_version: event.stream_version,
        occurred_at: event.occurred_at,
        payload: event.payload,
    };
}
//# sourceMappingURL=pilot-export.js.map