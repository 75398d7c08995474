import { experienceAnswerSchema, FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { experienceAsOf, type ExperienceRecord } from '@pft/totals/domain';
import { namedSchema } from '../openapi/named-schemas';

/** Every minutes field, 0 but the flight time and PIC (`total`) and the single-engine time. */
const minutes = (
  total: number,
  extra: Partial<ExperienceRecord['minutes']> = {},
): ExperienceRecord['minutes'] => ({
  ...(Object.fromEntries(FLIGHT_MINUTE_FIELDS.map((field) => [field, 0])) as ExperienceRecord['minutes']),
  total_flight_time: total,
  pic: total,
  single_engine: total,
  ...extra,
});

/** A few flights of a pilot on a C172 and a PA28: the examples are their experience, computed. */
const EXAMPLE_RECORDS: ExperienceRecord[] = [
  {
    date: '2026-06-12',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'PA28', engine: 'piston' },
    minutes: minutes(95, { cross_country: 95 }),
    landings: { day: 2, night: 0, day_full_stop: 2 },
  },
  {
    date: '2026-10-30',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172', features: ['taa'] },
    minutes: minutes(80, { night: 60 }),
    takeoffs: { day: 0, night: 3 },
    landings: { day: 0, night: 3, night_full_stop: 3 },
  },
  {
    date: '2026-11-20',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172', features: ['taa'] },
    minutes: minutes(70, { simulated_instrument: 40 }),
    landings: { day: 3, night: 0, day_full_stop: 1 },
    approaches: 6,
    holds: 1,
  },
];

const { as_of, ...experience } = experienceAsOf(EXAMPLE_RECORDS, null, '2026-12-01');

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
