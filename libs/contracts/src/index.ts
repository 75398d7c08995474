export { decimalText } from './decimal-text';
export { incompleteCommand } from './events/command-completeness';
export type { CommandPart, IncompleteCommand } from './events/command-completeness';
export { decodeEventEnvelope, decodeEventMessages, isErased } from './events/decode-event';
export type { OpenedDecodeResult } from './events/decode-event';
export { encodeEventMessage, encodeEventMessageJson } from './events/event-message';
export type { EventMessage } from './events/event-message';
export {
  CONSENT_EVENT_TYPES,
  CURRENT_EVENT_VERSION,
  LOGBOOK_EVENT_TYPES,
  consentStreamId,
  logbookStreamId,
} from './events/pilot-events';
export type {
  AccountErased,
  ExperienceSharingChanged,
  FlightAmended,
  FlightDeleted,
  FlightRecorded,
  LinkingCodeIssued,
  LogbookEvent,
  PilotDisconnected,
  PilotEvent,
  PilotEventType,
  PilotLinked,
  StartingTotalsSet,
} from './events/pilot-events';
export { FLIGHT_SCHEMA, STARTING_TOTALS_SCHEMA } from './events/schemas';
export {
  SEALED_EVENT_TYPES,
  isSealedEventType,
  isSealedPayload,
  sealedPayloadAad,
  sealedPayloadOf,
} from './events/sealed-payload';
export type { SealedPayload } from './events/sealed-payload';
export {
  AIRCRAFT_CATEGORIES,
  AIRCRAFT_FEATURES,
  ENGINE_KINDS,
  ENTERED_TOTALS_FIELDS,
  FLIGHT_KINDS,
  FLIGHT_MINUTE_FIELDS,
  TOTALS_FIELDS,
  TYPE_DESIGNATOR_PATTERN,
  zeroFlightMinutes,
} from './logbook';
export type {
  AircraftCategory,
  AircraftFeature,
  EngineKind,
  EnteredTotalsField,
  Flight,
  FlightAircraft,
  FlightKind,
  FlightMinuteField,
  FlightMinutes,
  PilotTotals,
  StartingTotals,
  TotalsField,
} from './logbook';
export { totalsAnswerSchema } from './pilot-totals.schema';
export { experienceAnswerSchema } from './pilot-experience.schema';
export { isUuid } from './uuid';
