import { totalsAnswerSchema } from '@pft/contracts';

/**
 * JSON schema of one totals answer, for its serializer (pilot-totals.json.ts: fast-json-stringify,
 * several times faster than JSON.stringify). Not the public description: that is docs/openapi.json,
 * from the DTOs. A property missing here would be left out of the answer, which the end-to-end
 * tests that compare whole bodies would show.
 */
export const PILOT_TOTALS_VIEW_SCHEMA = totalsAnswerSchema({
  pilot_id: { type: 'string' },
  last_updated: { type: 'string' },
});
