"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sealedPayloadAad = exports.isSealedEventType = exports.SEALED_EVENT_TYPES = void 0;
exports.isSealedPayload = isSealedPayload;
/**
 * The events whose payload describes the pilot (flights with their aircraft, airports and remarks,
 * minutes, starting totals): stored and published sealed with the pilot's data key (docs/privacy.md).
 * Consent events and AccountErased hold ids, hashes and times only and stay in the clear.
 */
exports.SEALED_EVENT_TYPES = [
    'FlightRecorded',
    'FlightAmended',
    'FlightDeleted',
    'StartingTotalsSet',
];
const isSealedEventType = (type) => exports.SEALED_EVENT_TYPES.includes(type);
exports.isSealedEventType = isSealedEventType;
function isSealedPayload(payload) {
    const p = payload;
    return (typeof p === 'object' &&
        p !== null &&
        typeof p.pilot_account_id === 'string' &&
        typeof p.sealed === 'object' &&
        p.sealed !== null &&
        p.sealed.alg === 'A256GCM' &&
        typeof p.sealed.key_id === 'string' &&
        typeof p.sealed.data === 'string');
}
/**
 * The associated data a payload is sealed with: its event's id, type, version and pilot. A sealed
 * payload moved to another event, or under another pilot, does not open.
 */
const sealedPayloadAad = (head) => `pft-event:${head.event_id}:${head.type}:${head.version}:${head.pilot_account_id}`;
exports.sealedPayloadAad = sealedPayloadAad;
//# sourceMappingURL=sealed-payload.js.map