import { experienceAnswerSchema, FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { experienceAsOf, type ExperienceRecord } from '@pft/totals/domain';
import { type NamedSchema, timestamp } from './pilot-app.schemas';

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

/** A few records of a pilot flying a C172 and a PA28, the example's experience computed from them. */
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
    aircraft: {
      category: 'airplane',
      rating_key: 'sep_land',
      type_designator: 'C172',
      features: ['taa'],
    },
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

export const OWN_EXPERIENCE: NamedSchema = {
  name: 'OwnExperience',
  schema: {
    ...experienceAnswerSchema({
      as_of: { type: 'string', format: 'date', description: 'The date the experience is as of' },
      last_updated: { ...timestamp, description: 'The time of the read: computed live from the write side' },
    }),
    description: 'The pilot’s experience as of a date: what a partner the pilot shares it with reads',
  },
  example: { as_of, last_updated: '2026-12-01T09:18:42.512Z', ...experience },
};
