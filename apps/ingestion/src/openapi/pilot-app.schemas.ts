import { FLIGHT_SCHEMA, STARTING_TOTALS_SCHEMA, totalsAnswerSchema } from '@pft/contracts';
import { type ErrorCode } from '@pft/platform';
import { type ErrorExample } from '@pft/platform/http/openapi-docs';
import {
  CONFLICTING_IMPORT,
  INVALID_FLIGHT,
  INVALID_IMPORT,
  INVALID_STARTING_TOTALS,
} from './pilot-app.error-examples';
import {
  FLIGHT_EXAMPLE,
  FLIGHT_IMPORT_EXAMPLE,
  FLIGHT_IMPORT_RESULT_EXAMPLE,
  FLIGHT_INPUT_EXAMPLE,
  FLIGHT_PAGE_EXAMPLE,
  OWN_TOTALS_EXAMPLE,
  STARTING_TOTALS_EXAMPLE,
  STARTING_TOTALS_INPUT_EXAMPLE,
} from './pilot-app.examples';

/**
 * JSON Schemas of the pilot app API's bodies and answers for its OpenAPI description, built from
 * the event catalog's schemas (a stored flight is the flight of FlightRecorded) so the two cannot
 * drift. The rules a schema cannot say (dates, sums, rating keys) are in the operation texts and
 * in the API's description. Each is a named schema of the description's components, with an
 * example; a request body also says how it is refused.
 */
export type Schema = Record<string, unknown>;

export interface NamedSchema {
  /** Its name among the description's schemas: the domain's word for it. */
  name: string;
  schema: Schema;
  example: unknown;
  /** For a request body: examples of the errors its content can cause. */
  rejections?: Partial<Record<ErrorCode, ErrorExample[]>>;
}

/** `$ref` to a named schema. */
export const ref = (named: NamedSchema): Schema => ({ $ref: `#/components/schemas/${named.name}` });

export const uuid: Schema = { type: 'string', format: 'uuid' };
export const timestamp: Schema = { type: 'string', format: 'date-time' };

const flightProperties = (FLIGHT_SCHEMA as { properties: Record<string, Schema> }).properties;

/** A flight as stored and answered: every minutes field present. */
export const STORED_FLIGHT: NamedSchema = {
  name: 'Flight',
  schema: {
    ...FLIGHT_SCHEMA,
    description:
      'A flight or simulator session as stored: every minutes field and both landings present; every other optional field as sent, or left out',
  },
  example: FLIGHT_EXAMPLE,
};

/** A flight as sent: minutes and landings fields may be left out (0), and landings as a whole too. */
export const FLIGHT_BODY: NamedSchema = {
  name: 'FlightInput',
  schema: {
    ...FLIGHT_SCHEMA,
    description: 'A flight or simulator session as sent; a missing minutes or landings field is 0',
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
        description:
          'Day and night landings, 0 to 99 each; a missing field (or all of `landings`) is 0. ' +
          '`day_full_stop` and `night_full_stop`: at most the landings of their time of day; left out when missing.',
      },
      takeoffs: {
        ...flightProperties.takeoffs,
        description:
          'Day and night takeoffs, 0 to 99, both required when sent; missing: as many as the landings.',
      },
    },
  },
  example: FLIGHT_INPUT_EXAMPLE,
  rejections: { INVALID_REQUEST: INVALID_FLIGHT },
};

export const IMPORT_BODY: NamedSchema = {
  name: 'FlightImport',
  schema: {
    type: 'object',
    description: 'A logbook to import: 1 to 1,000 flights, recorded all or none',
    additionalProperties: false,
    required: ['flights'],
    properties: { flights: { type: 'array', minItems: 1, maxItems: 1000, items: ref(FLIGHT_BODY) } },
  },
  example: FLIGHT_IMPORT_EXAMPLE,
  rejections: { INVALID_REQUEST: INVALID_IMPORT, CONFLICT: CONFLICTING_IMPORT },
};

export const IMPORTED: NamedSchema = {
  name: 'FlightImportResult',
  schema: {
    type: 'object',
    description: 'How many flights the import held, all now recorded',
    required: ['imported'],
    properties: { imported: { type: 'integer', minimum: 1 } },
  },
  example: FLIGHT_IMPORT_RESULT_EXAMPLE,
};

export const FLIGHTS_PAGE: NamedSchema = {
  name: 'FlightPage',
  schema: {
    type: 'object',
    description: 'One page of the pilot’s flights, newest date first',
    required: ['flights', 'next_cursor'],
    properties: {
      flights: { type: 'array', items: ref(STORED_FLIGHT) },
      next_cursor: { type: ['string', 'null'], description: 'null on the last page' },
    },
  },
  example: FLIGHT_PAGE_EXAMPLE,
};

/** Starting totals as stored and answered. */
export const STARTING_TOTALS: NamedSchema = {
  name: 'StartingTotals',
  schema: { ...STARTING_TOTALS_SCHEMA, description: 'Hours carried over from an earlier logbook' },
  example: STARTING_TOTALS_EXAMPLE,
};

const startingProperties = (STARTING_TOTALS_SCHEMA as { properties: Record<string, Schema> }).properties;

/** Starting totals as sent: every field may be left out (0); `rating_breakdown` keys are airplane keys. */
export const STARTING_TOTALS_BODY: NamedSchema = {
  name: 'StartingTotalsInput',
  schema: {
    ...STARTING_TOTALS_SCHEMA,
    description: 'Hours carried over from an earlier logbook, as sent; a missing field is 0',
    required: [],
    properties: {
      ...startingProperties,
      totals: { ...startingProperties.totals, required: [] },
      landings: { ...startingProperties.landings, required: [] },
    },
  },
  example: STARTING_TOTALS_INPUT_EXAMPLE,
  rejections: { INVALID_REQUEST: INVALID_STARTING_TOTALS },
};

export const OWN_TOTALS: NamedSchema = {
  name: 'OwnTotals',
  schema: {
    ...totalsAnswerSchema({
      last_updated: { ...timestamp, description: 'The time of the read: computed live from the write side' },
    }),
    description: 'The pilot’s totals: starting totals and every current flight',
  },
  example: OWN_TOTALS_EXAMPLE,
};

export const META: Schema = {
  type: 'object',
  description: 'On every answer, success or error',
  required: ['api_version', 'request_id'],
  properties: {
    api_version: { const: 'v1' },
    request_id: { type: 'string', pattern: '^req_', description: '`req_` and a ULID; also `X-Request-Id`' },
  },
};

export const ERROR_DETAIL: Schema = {
  type: 'object',
  description: 'One problem with the request, pointing at the field it concerns',
  required: ['field', 'issue'],
  properties: { field: { type: 'string' }, issue: { type: 'string' }, message: { type: 'string' } },
};

export const ERROR: Schema = {
  type: 'object',
  description: 'What went wrong: `code` is the contract, `message` is for humans and may change',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    details: {
      type: 'array',
      description: 'At most 100; see details_omitted',
      maxItems: 100,
      items: { $ref: '#/components/schemas/ErrorDetail' },
    },
    details_omitted: {
      type: 'integer',
      minimum: 1,
      description: 'How many details were left out beyond the 100 listed; absent when none were',
    },
  },
};

/** The body of every error answer. */
export const ERROR_BODY: Schema = { $ref: '#/components/schemas/ErrorResponse' };

/** `{ data, meta }` around `data`. */
export const enveloped = (data: NamedSchema): Schema => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: ref(data), meta: { $ref: '#/components/schemas/Meta' } },
});
