"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_WEBHOOK_ENDPOINTS = exports.SUBSCRIBABLE_EVENT_TYPES = exports.WEBHOOK_EVENT_TYPES = void 0;
exports.parseEndpointEvents = parseEndpointEvents;
exports.webhookBody = webhookBody;
exports.isEndpointId = isEndpointId;
/** The event types a partner's endpoint receives (partner platform, section 4.2). */
exports.WEBHOOK_EVENT_TYPES = [
    'pilot.linked',
    'pilot.disconnected',
    'pilot_totals.updated',
    'webhook.test',
];
/** What an endpoint may subscribe to: `webhook.test` reaches every endpoint it is asked for on. */
exports.SUBSCRIBABLE_EVENT_TYPES = [
    'pilot.linked',
    'pilot.disconnected',
    'pilot_totals.updated',
];
/** At most this many endpoints per partner account. */
exports.MAX_WEBHOOK_ENDPOINTS = 5;
/**
 * The `events` of a new endpoint: absent means every type; otherwise a non-empty list of known types,
 * deduplicated and returned in catalog order.
 */
function parseEndpointEvents(value) {
    if (value === undefined)
        return { ok: true, events: [...exports.SUBSCRIBABLE_EVENT_TYPES] };
    if (!Array.isArray(value) || value.length === 0)
        return { ok: false, issue: 'invalid' };
    if (!value.every((v) => typeof v === 'string'))
        return { ok: false, issue: 'invalid' };
    if (!value.every((v) => exports.SUBSCRIBABLE_EVENT_TYPES.includes(v)))
        return { ok: false, issue: 'unknown_event_type' };
    return { ok: true, events: exports.SUBSCRIBABLE_EVENT_TYPES.filter((t) => value.includes(t)) };
}
/** The request body of an event: the same bytes on every attempt, so it is made once and stored. */
function webhookBody(event) {
    return JSON.stringify({
        id: event.id,
        type: event.type,
        created_at: event.created_at,
        api_version: 'v1',
        data: event.data,
    });
}
/** Whether `text` has the form of an endpoint id (`we_` and a ULID); anything else is not found. */
function isEndpointId(text) {
    return /^we_[0-9A-HJKMNP-TV-Z]{26}$/.test(text);
}
//# sourceMappingURL=webhook-events.js.map