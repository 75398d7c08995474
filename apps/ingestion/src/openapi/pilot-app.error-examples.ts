import { type ErrorCode, WriteOutcomeUnknown } from '@pft/platform';
import { ACCOUNT_ERASED_MESSAGE } from '@pft/privacy/domain';
import { type ErrorExample, SERVER_ERROR_EXAMPLES } from '@pft/platform/http/openapi-docs';
import { EXAMPLE_META } from './pilot-app.examples';

/**
 * Examples of the pilot app API's error answers, shown with each operation: those of one operation's
 * bad input, and those whose wording does not depend on the operation. Their messages are the ones the
 * code answers with, so they cannot drift from what the API really says.
 */

/** The 400 of a flight body: what a flight whose parts exceed its whole is answered. */
export const INVALID_FLIGHT: ErrorExample[] = [
  {
    summary: 'A part of the flight exceeds its total',
    message: 'minutes.pic must be at most total_flight_time',
    details: [{ field: 'minutes.pic', issue: 'exceeds_total', message: 'must be at most total_flight_time' }],
  },
];

export const INVALID_IMPORT: ErrorExample[] = [
  {
    summary: 'One flight of the import is wrong',
    message: 'flights[1].minutes.simulator must be from 0 to 1440',
    details: [
      { field: 'flights[1].minutes.simulator', issue: 'out_of_range', message: 'must be from 0 to 1440' },
    ],
  },
];

export const CONFLICTING_IMPORT: ErrorExample[] = [
  {
    summary: 'A flight id was used for another flight',
    message: 'some flight ids were already recorded differently',
    details: [
      { field: 'flights[0].flight_id', issue: 'conflict', message: 'was already recorded differently' },
    ],
  },
];

export const INVALID_STARTING_TOTALS: ErrorExample[] = [
  {
    summary: 'ifr_minutes sent',
    message: 'totals.ifr_minutes is derived from the instrument minutes',
    details: [
      {
        field: 'totals.ifr_minutes',
        issue: 'not_allowed',
        message: 'is derived from the instrument minutes',
      },
    ],
  },
];

/** Errors whose wording does not depend on the operation. */
export const ERROR_EXAMPLES: Partial<Record<ErrorCode, ErrorExample[]>> = {
  IMPORT_NOT_FOUND: [
    { summary: 'Unknown or expired', message: 'No such import (imports are kept 24 hours)' },
  ],
  UNAUTHORIZED: [
    { summary: 'No token', message: 'A pilot token is required: Authorization: Bearer <token>' },
    { summary: 'Expired or badly signed', message: 'The pilot token is not valid' },
  ],
  FLIGHT_NOT_FOUND: [{ summary: 'Unknown or deleted flight', message: 'no such flight' }],
  CONNECTION_NOT_FOUND: [{ summary: 'Unknown or ended connection', message: 'no such connection' }],
  ACCOUNT_ERASED: [
    {
      summary: 'The account is being erased',
      message: ACCOUNT_ERASED_MESSAGE,
    },
  ],
  CONFLICT: [
    {
      summary: 'The flight id was used for another flight',
      message: 'flight 7c9e6679-7425-40de-944b-e07fc1f90ae7 was already recorded differently',
    },
  ],
  RATE_LIMITED: [
    { summary: 'Too many open linking codes', message: 'at most 10 unexpired linking codes at a time' },
  ],
  ...SERVER_ERROR_EXAMPLES,
  WRITE_OUTCOME_UNKNOWN: [
    {
      summary: 'The database could not say whether the write was recorded',
      message: WriteOutcomeUnknown.MESSAGE,
    },
  ],
};

/** The whole error body an example stands for. */
export function errorBody(code: ErrorCode, example: ErrorExample): object {
  return {
    error: { code, message: example.message, ...(example.details ? { details: example.details } : {}) },
    meta: EXAMPLE_META,
  };
}
