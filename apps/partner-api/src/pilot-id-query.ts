import { type ApiQueryOptions } from '@nestjs/swagger';
import { parsePilotId } from '@pft/partners/domain';
import { refusedField } from './openapi/error-examples';
import { checkedQuery, type CheckedParameter } from './query-problems';

const INVALID_MESSAGE = 'pilot_id must be given once, as a UUID';

/** The `pilot_id` query parameter: one UUID given once, in lower case; else its problem, naming its issue. */
export function pilotIdParameter(raw: unknown): CheckedParameter<string> {
  const parsed = parsePilotId(raw);
  return parsed.ok
    ? { ok: true, value: parsed.pilotId }
    : {
        ok: false,
        problem: { message: INVALID_MESSAGE, detail: { field: 'pilot_id', issue: parsed.issue } },
      };
}

/** The `pilot_id` of a read that takes no other parameter; else INVALID_REQUEST naming its issue. */
export function pilotIdQuery(raw: unknown): string {
  return checkedQuery({ pilotId: pilotIdParameter(raw) }).pilotId;
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
