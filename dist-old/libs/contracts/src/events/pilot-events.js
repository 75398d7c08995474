"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.consentStreamId = exports.logbookStreamId = exports.CURRENT_EVENT_VERSION = exports.CONSENT_EVENT_TYPES = exports.LOGBOOK_EVENT_TYPES = void 0;
exports.isLogbookEvent = isLogbookEvent;
exports.LOGBOOK_EVENT_TYPES = [
    'FlightRecorded',
    'FlightAmended',
    'FlightDeleted',
    'StartingTotalsSet',
    'AccountErased',
];
exports.CONSENT_EVENT_TYPES = ['LinkingCodeIssued', 'PilotLinked', 'PilotDisconnected'];
/** The current version of each event type: what writers append and what upcasters lift older ones to. */
exports.CURRENT_EVENT_VERSION = {
    FlightRecorded: 1,
    FlightAmended: 1,
    FlightDeleted: 1,
    StartingTotalsSet: 1,
    AccountErased: 1,
    LinkingCodeIssued: 1,
    PilotLinked: 1,
    PilotDisconnected: 1,
};
function isLogbookEvent(event) {
    return exports.LOGBOOK_EVENT_TYPES.includes(event.type);
}
/** Stream ids: one logbook stream per pilot account; consent events in their own stream per account. */
const logbookStreamId = (pilotAccountId) => `logbook-${pilotAccountId}`;
exports.logbookStreamId = logbookStreamId;
const consentStreamId = (pilotAccountId) => `consent-${pilotAccountId}`;
exports.consentStreamId = consentStreamId;
//# sourceMappingURL=pilot-events.js.map