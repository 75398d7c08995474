import { totalsAnswerSchema } from '@pft/contracts';

/**
 * JSON schemas of the enveloped 200 answers of the totals endpoints, for Fastify's serializer
 * (fast-json-stringify compiles one per route, several times faster than JSON.stringify on a
 * batch of 50). Not the public description: that is docs/openapi.json, from the DTOs. A property
 * missing here would be left out of the answer, which the end-to-end tests that compare whole
 * bodies would show.
 */
export const PILOT_TOTALS_VIEW_SCHEMA = totalsAnswerSchema({
  pilot_id: { type: 'string' },
  last_updated: { type: 'string' },
});

const META_SCHEMA = {
  type: 'object',
  properties: { api_version: { type: 'string' }, request_id: { type: 'string' } },
} as const;

const enveloped = (data: object): object => ({
  200: { type: 'object', properties: { data, meta: META_SCHEMA } },
});

export const PILOT_TOTALS_RESPONSE = enveloped(PILOT_TOTALS_VIEW_SCHEMA);

export const PILOT_TOTALS_BATCH_RESPONSE = enveloped({
  type: 'object',
  properties: { pilots: { type: 'array', items: PILOT_TOTALS_VIEW_SCHEMA } },
});
