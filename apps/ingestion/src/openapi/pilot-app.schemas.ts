import { FLIGHT_SCHEMA, STARTING_TOTALS_SCHEMA, totalsAnswerSchema } from '@pft/contracts';

/**
 * JSON Schemas of the pilot app API's bodies and answers for its OpenAPI description, built from
 * the event catalog's schemas (a stored flight is the flight of FlightRecorded) so the two cannot
 * drift. The rules a schema cannot say (dates, sums, rating keys) are in the operation texts and
 * in the API's description.
 */
type Schema = Record<string, unknown>;

const uuid: Schema = { type: 'string', format: 'uuid' };
const timestamp: Schema = { type: 'string', format: 'date-time' };

const flightProperties = (FLIGHT_SCHEMA as { properties: Record<string, Schema> }).properties;

/** A flight as stored and answered: every minutes field present. */
export const STORED_FLIGHT: Schema = FLIGHT_SCHEMA;

/** A flight as sent: minutes and landings fields may be left out (0), and landings as a whole too. */
export const FLIGHT_BODY: Schema = {
  ...FLIGHT_SCHEMA,
  required: ((FLIGHT_SCHEMA as { required: string[] }).required ?? []).filter((f) => f !== 'landings'),
  properties: {
    ...flightProperties,
    minutes: {
      ...flightProperties.minutes,
      required: [],
      description: 'Whole minutes, 0 to 1440 each; a missing field is 0. `ifr` is derived, never sent.',
    },
    landings: {
      ...flightProperties.landings,
      required: [],
      description: 'Day and night landings, 0 to 99 each; a missing field (or all of `landings`) is 0.',
    },
  },
};

export const IMPORT_BODY: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['flights'],
  properties: { flights: { type: 'array', minItems: 1, maxItems: 1000, items: FLIGHT_BODY } },
};

export const IMPORTED: Schema = {
  type: 'object',
  required: ['imported'],
  properties: { imported: { type: 'integer', minimum: 1 } },
};

export const FLIGHTS_PAGE: Schema = {
  type: 'object',
  required: ['flights', 'next_cursor'],
  properties: {
    flights: { type: 'array', items: STORED_FLIGHT },
    next_cursor: { type: ['string', 'null'], description: 'null on the last page' },
  },
};

/** Starting totals as stored and answered. */
export const STARTING_TOTALS: Schema = STARTING_TOTALS_SCHEMA;

const startingProperties = (STARTING_TOTALS_SCHEMA as { properties: Record<string, Schema> }).properties;

/** Starting totals as sent: every field may be left out (0); `rating_breakdown` keys are airplane keys. */
export const STARTING_TOTALS_BODY: Schema = {
  ...STARTING_TOTALS_SCHEMA,
  required: [],
  properties: {
    ...startingProperties,
    totals: { ...startingProperties.totals, required: [] },
    landings: { ...startingProperties.landings, required: [] },
  },
};

export const OWN_TOTALS: Schema = totalsAnswerSchema({
  last_updated: { ...timestamp, description: 'The time of the read: computed live from the write side' },
});

export const LINKING_CODE: Schema = {
  type: 'object',
  required: ['linking_token', 'expires_at'],
  properties: {
    linking_token: { type: 'string', description: 'The one-time code to give a partner' },
    expires_at: timestamp,
  },
};

export const CONNECTIONS: Schema = {
  type: 'object',
  required: ['connections'],
  properties: {
    connections: {
      type: 'array',
      items: {
        type: 'object',
        required: ['connection_id', 'partner', 'linked_at'],
        properties: {
          connection_id: { ...uuid, description: 'The pilot_id this partner holds' },
          partner: {
            type: 'object',
            required: ['id', 'name'],
            properties: { id: uuid, name: { type: 'string' } },
          },
          linked_at: timestamp,
        },
      },
    },
  },
};

const META: Schema = {
  type: 'object',
  required: ['api_version', 'request_id'],
  properties: { api_version: { const: 'v1' }, request_id: { type: 'string', pattern: '^req_' } },
};

/** `{ data, meta }` around `data`. */
export const enveloped = (data: Schema): Schema => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data, meta: META },
});

export const ERROR_BODY: Schema = {
  type: 'object',
  required: ['error', 'meta'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'issue'],
            properties: { field: { type: 'string' }, issue: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    meta: META,
  },
};
