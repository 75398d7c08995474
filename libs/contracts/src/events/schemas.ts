import {
  AIRCRAFT_CATEGORIES,
  AIRCRAFT_FEATURES,
  ENGINE_KINDS,
  ENTERED_TOTALS_FIELDS,
  FLIGHT_KINDS,
  FLIGHT_MINUTE_FIELDS,
  TYPE_DESIGNATOR_PATTERN,
} from '../logbook';
import { type PilotEventType } from './pilot-events';

/** JSON Schemas (draft 2020-12 subset that Ajv speaks) of every event payload, by type and version. */
type Schema = Record<string, unknown>;

const uuid: Schema = { type: 'string', format: 'uuid' };
const timestamp: Schema = { type: 'string', format: 'date-time' };
const minutes = (max: number): Schema => ({ type: 'integer', minimum: 0, maximum: max });
const closedObject = (
  properties: Record<string, Schema>,
  required: string[] = Object.keys(properties),
): Schema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const aircraftV1Properties: Record<string, Schema> = {
  category: { enum: [...AIRCRAFT_CATEGORIES] },
  rating_key: { type: 'string', minLength: 1, maxLength: 64 },
  registration: { type: 'string', maxLength: 10 },
};
const flightV1Properties: Record<string, Schema> = {
  flight_id: uuid,
  date: { type: 'string', format: 'date' },
  kind: { enum: [...FLIGHT_KINDS] },
  aircraft: closedObject(aircraftV1Properties, ['category']),
  departure: { type: 'string', pattern: '^[A-Za-z0-9]{3,4}$' },
  arrival: { type: 'string', pattern: '^[A-Za-z0-9]{3,4}$' },
  minutes: closedObject(Object.fromEntries(FLIGHT_MINUTE_FIELDS.map((f) => [f, minutes(1440)]))),
  landings: closedObject({ day: minutes(99), night: minutes(99) }),
  remarks: { type: 'string', maxLength: 500 },
};
const FLIGHT_REQUIRED = ['flight_id', 'date', 'kind', 'aircraft', 'minutes', 'landings'];

/**
 * The flight of FlightRecorded and FlightAmended version 1: before the type designator, engine,
 * features, takeoffs, full-stop landings, approaches and holds.
 */
const FLIGHT_SCHEMA_V1: Schema = closedObject(flightV1Properties, FLIGHT_REQUIRED);

/** A flight as stored today (version 2): version 1 and the optional fields of richer records. */
export const FLIGHT_SCHEMA: Schema = closedObject(
  {
    ...flightV1Properties,
    aircraft: closedObject(
      {
        ...aircraftV1Properties,
        type_designator: { type: 'string', pattern: TYPE_DESIGNATOR_PATTERN },
        engine: { enum: [...ENGINE_KINDS] },
        features: { type: 'array', uniqueItems: true, items: { enum: [...AIRCRAFT_FEATURES] } },
      },
      ['category'],
    ),
    takeoffs: closedObject({ day: minutes(99), night: minutes(99) }),
    landings: closedObject(
      { day: minutes(99), night: minutes(99), day_full_stop: minutes(99), night_full_stop: minutes(99) },
      ['day', 'night'],
    ),
    approaches: minutes(99),
    holds: minutes(99),
  },
  FLIGHT_REQUIRED,
);

export const STARTING_TOTALS_SCHEMA: Schema = closedObject({
  totals: closedObject(Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, minutes(6_000_000)]))),
  landings: closedObject({ total_day: minutes(10_000_000), total_night: minutes(10_000_000) }),
  rating_breakdown: { type: 'object', additionalProperties: minutes(6_000_000) },
  flight_count: minutes(100_000),
});

export const EVENT_PAYLOAD_SCHEMAS: Record<PilotEventType, Record<number, Schema>> = {
  FlightRecorded: {
    1: closedObject({ pilot_account_id: uuid, flight: FLIGHT_SCHEMA_V1 }),
    2: closedObject({ pilot_account_id: uuid, flight: FLIGHT_SCHEMA }),
  },
  FlightAmended: {
    1: closedObject({ pilot_account_id: uuid, flight: FLIGHT_SCHEMA_V1 }),
    2: closedObject({ pilot_account_id: uuid, flight: FLIGHT_SCHEMA }),
  },
  FlightDeleted: { 1: closedObject({ pilot_account_id: uuid, flight_id: uuid }) },
  StartingTotalsSet: { 1: closedObject({ pilot_account_id: uuid, starting_totals: STARTING_TOTALS_SCHEMA }) },
  AccountErased: { 1: closedObject({ pilot_account_id: uuid, erased_at: timestamp }) },
  LinkingCodeIssued: {
    1: closedObject({
      pilot_account_id: uuid,
      code_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      expires_at: timestamp,
    }),
    2: closedObject({
      pilot_account_id: uuid,
      code_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      expires_at: timestamp,
      share_experience: { type: 'boolean' },
    }),
  },
  PilotLinked: {
    1: closedObject({ pilot_account_id: uuid, partner_id: uuid, connection_id: uuid, linked_at: timestamp }),
    2: closedObject({
      pilot_account_id: uuid,
      partner_id: uuid,
      connection_id: uuid,
      linked_at: timestamp,
      share_experience: { type: 'boolean' },
    }),
  },
  PilotDisconnected: {
    1: closedObject({
      pilot_account_id: uuid,
      partner_id: uuid,
      connection_id: uuid,
      disconnected_at: timestamp,
    }),
  },
  ExperienceSharingChanged: {
    1: closedObject({
      pilot_account_id: uuid,
      partner_id: uuid,
      connection_id: uuid,
      share_experience: { type: 'boolean' },
      changed_at: timestamp,
    }),
  },
};

/** The message around every payload (see event-message.ts). */
export const EVENT_MESSAGE_SCHEMA: Schema = closedObject(
  {
    event_id: uuid,
    type: { enum: Object.keys(EVENT_PAYLOAD_SCHEMAS) },
    version: { type: 'integer', minimum: 1 },
    stream_id: { type: 'string', minLength: 1 },
    stream_version: { type: 'integer', minimum: 1 },
    position: { type: 'string', pattern: '^[0-9]+$' },
    pilot_account_id: uuid,
    occurred_at: timestamp,
    payload: { type: 'object' },
    metadata: { type: 'object' },
  },
  [
    'event_id',
    'type',
    'version',
    'stream_id',
    'stream_version',
    'position',
    'pilot_account_id',
    'occurred_at',
    'payload',
    'metadata',
  ],
);
