import { FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { type Experience, experienceAsOf } from '../domain/experience/experience';
import { type ExperienceRecord } from '../domain/experience/experience-record';

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

/** The experience of the example records as of 2026-12-01: the APIs' descriptions show it. */
export const EXPERIENCE_EXAMPLE: Experience = experienceAsOf(EXAMPLE_RECORDS, null, '2026-12-01');
