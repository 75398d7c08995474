import { OWN_EXPERIENCE } from './pilot-app-experience.schemas';
import {
  CONNECTION,
  CONNECTIONS,
  LINKING_CODE,
  LINKING_CODE_REQUEST,
  SHARING_REQUEST,
} from './pilot-app-consent.schemas';
import { IMPORT, IMPORT_CHOICES_BODY, IMPORT_COMMIT_RESULT } from './pilot-app-import.schemas';
import { ACCESS_HISTORY, ACCOUNT_STATUS, PILOT_EXPORT } from './pilot-app-privacy.schemas';
import {
  ERROR,
  ERROR_DETAIL,
  FLIGHT_BODY,
  FLIGHTS_PAGE,
  IMPORT_BODY,
  IMPORTED,
  META,
  OWN_TOTALS,
  type Schema,
  STARTING_TOTALS,
  STARTING_TOTALS_BODY,
  STORED_FLIGHT,
} from './pilot-app.schemas';

/** Every schema the description names, for its `components`. */
export const PILOT_APP_SCHEMAS: Record<string, Schema> = {
  ...Object.fromEntries(
    [
      STORED_FLIGHT,
      FLIGHT_BODY,
      IMPORT_BODY,
      IMPORTED,
      IMPORT,
      IMPORT_CHOICES_BODY,
      IMPORT_COMMIT_RESULT,
      FLIGHTS_PAGE,
      STARTING_TOTALS,
      STARTING_TOTALS_BODY,
      OWN_TOTALS,
      OWN_EXPERIENCE,
      LINKING_CODE_REQUEST,
      LINKING_CODE,
      CONNECTION,
      CONNECTIONS,
      SHARING_REQUEST,
      ACCESS_HISTORY,
      PILOT_EXPORT,
      ACCOUNT_STATUS,
    ].map((named) => [named.name, named.schema]),
  ),
  Meta: META,
  ErrorDetail: ERROR_DETAIL,
  Error: ERROR,
  ErrorResponse: {
    type: 'object',
    description: 'The body of every error answer',
    required: ['error', 'meta'],
    properties: {
      error: { $ref: '#/components/schemas/Error' },
      meta: { $ref: '#/components/schemas/Meta' },
    },
  },
};
