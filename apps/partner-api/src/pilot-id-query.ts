import { type ApiQueryOptions } from '@nestjs/swagger';
import { parsePilotId } from '@pft/partners/domain';
import { ApiError } from '@pft/platform';
import { refusedField } from './openapi/error-examples';

const INVALID_MESSAGE = 'pilot_id must be given once, as a UUID';

/** The `pilot_id` query parameter: one UUID given once, in lower case; else INVALID_REQUEST naming its issue. */
export function pilotIdQuery(raw: unknown): string {
  const parsed = parsePilotId(raw);
  if (!parsed.ok)
    throw new ApiError('INVALID_REQUEST', INVALID_MESSAGE, [{ field: 'pilot_id', issue: parsed.issue }]);
  return parsed.pilotId;
}

/** The parameter in the OpenAPI document, and the example of its refusal. */
export const PILOT_ID_QUERY: ApiQueryOptions = {
  name: 'pilot_id',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};
export const INVALID_PILOT_ID = refusedField(
  'pilot_id is not a UUID',
  INVALID_MESSAGE,
  'pilot_id',
  'invalid_uuid',
);
