import { experienceAnswerSchema } from '@pft/contracts';
import { EXPERIENCE_EXAMPLE } from '@pft/totals';
import { namedSchema } from '../openapi/named-schemas';

const { as_of, ...experience } = EXPERIENCE_EXAMPLE;

export const PILOT_EXPERIENCE_EXAMPLE = {
  pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
  as_of,
  last_updated: '2026-12-01T09:18:42.000Z',
  ...experience,
};

export const PILOT_EXPERIENCE = namedSchema('PilotExperience', {
  ...experienceAnswerSchema({
    pilot_id: { type: 'string', format: 'uuid', description: 'The linked pilot, in lower case' },
    as_of: { type: 'string', format: 'date', description: 'The date the experience is as of (UTC)' },
    last_updated: {
      type: 'string',
      format: 'date-time',
      description:
        'The time up to which this pilot’s projection was known to be complete, as for the totals: never ' +
        'claims more freshness than the data has; the time of the read for a pilot just linked, whose ' +
        'experience is then computed from the logbook itself',
    },
  }),
  description:
    'A linked pilot’s experience as of a date: lifetime, recent windows, time by aircraft type, engine ' +
    'and feature, and currency under each recent-experience rule',
});

export const PILOT_EXPERIENCE_BATCH = namedSchema('PilotExperienceBatch', {
  type: 'object',
  additionalProperties: false,
  required: ['pilots'],
  properties: {
    pilots: {
      type: 'array',
      items: { $ref: PILOT_EXPERIENCE },
      description:
        'In the order of each id’s first occurrence in `pilot_ids`, each pilot once. Pilots not linked to ' +
        'the calling partner, or not sharing their experience with it, are left out.',
    },
  },
  description: 'The experience of the requested pilots linked to the caller and sharing it',
});
