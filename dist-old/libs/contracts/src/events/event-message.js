"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeEventMessage = encodeEventMessage;
exports.encodeEventMessageJson = encodeEventMessageJson;
function encodeEventMessage(message) {
    return Buffer.from(JSON.stringify(message));
}
/**
 * The same message as encodeEventMessage makes, from its payload and metadata as JSON text already
 * (as Postgres gives a jsonb column cast to text): they are placed as they are, never parsed into
 * objects to be turned back into text. Consumers read the same values (decodeEventMessage).
 */
function encodeEventMessageJson(head, payloadJson, metadataJson) {
    return Buffer.from(`{"event_id":${JSON.stringify(head.event_id)},"type":${JSON.stringify(head.type)},"version":${head.version},` +
        `"stream_id":${JSON.stringify(head.stream_id)},"stream_version":${head.stream_version},` +
        `"position":${JSON.stringify(head.position)},"pilot_account_id":${JSON.stringify(head.pilot_account_id)},` +
        `"occurred_at":${JSON.stringify(head.occurred_at)},"payload":${payloadJson},"metadata":${metadataJson}}`);
}
//# sourceMappingURL=event-message.js.map