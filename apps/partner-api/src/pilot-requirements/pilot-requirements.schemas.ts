import { AIRCRAFT_FEATURES } from '@pft/contracts';
import {
  AT_LEAST_MAX,
  CURRENCY_RULE_KEYS,
  ENGINE_KEYS,
  ENGINE_METRICS,
  FEATURE_METRICS,
  MAX_REQUIREMENTS,
  REQUIREMENT_METRICS,
  TYPE_METRICS,
  WINDOW_NAMES,
} from '@pft/totals/domain';
import { namedSchema } from '../openapi/named-schemas';

const PILOT_ID = '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18';

/**
 * The example of `pilot-experience.md` 5 (hiring minimums and a currency), its 737 time as the sum over
 * the 737's designators (`B733` to `B739`) rather than the -800's alone.
 */
export const CHECK_REQUEST_EXAMPLE = {
  pilot_id: PILOT_ID,
  as_of: '2026-12-01',
  requirements: [
    { id: 'tt', metric: 'total_flight_time_minutes', at_least: 90000 },
    { id: 'me_recent', metric: 'multi_engine_minutes', window: 'last_12_months', at_least: 600 },
    {
      id: 'b737_pic',
      metric: 'pic_minutes',
      type_designator: ['B733', 'B734', 'B735', 'B736', 'B737', 'B738', 'B739'],
      at_least: 30000,
    },
    { id: 'turbine', metric: 'total_flight_time_minutes', engine: 'turbine', at_least: 60000 },
    { id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' },
  ],
};

export const CHECK_ANSWER_EXAMPLE = {
  pilot_id: PILOT_ID,
  as_of: '2026-12-01',
  results: [
    { id: 'tt', met: true },
    { id: 'me_recent', met: true },
    { id: 'b737_pic', met: false },
    { id: 'turbine', met: true },
    { id: 'night_pax', met: true },
  ],
  all_met: false,
};

const ID = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.-]{1,64}$',
  description: 'Your name for the requirement: unique in the check, 1 to 64 of `A-Z a-z 0-9 _ . -`',
};

const DESIGNATOR = { type: 'string', pattern: '^[A-Z][A-Z0-9]{1,3}$' };

const THRESHOLD = namedSchema('ThresholdRequirement', {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'metric', 'at_least'],
  properties: {
    id: ID,
    metric: {
      enum: [...REQUIREMENT_METRICS],
      description:
        'A field of the totals, or `flight_count`, `landings_day`, `landings_night`, `approaches`. With a ' +
        `breakdown filter only its metrics: \`type_designator\` ${TYPE_METRICS.join(', ')}; \`engine\` ` +
        `${ENGINE_METRICS.join(', ')}; \`feature\` ${FEATURE_METRICS.join(', ')}`,
    },
    window: {
      enum: [...WINDOW_NAMES],
      description:
        'A window of the experience; absent: lifetime (starting totals included). With `type_designator` ' +
        'only `last_12_months`, and only for `total_flight_time_minutes`',
    },
    type_designator: {
      oneOf: [DESIGNATOR, { type: 'array', items: DESIGNATOR, minItems: 1, uniqueItems: true }],
      description:
        'ICAO type designators: the sum over them of the time by aircraft type (logged flights only); a ' +
        'designator the pilot never flew adds nothing',
    },
    engine: {
      enum: [...ENGINE_KEYS],
      description:
        'The time by engine (logged flights only); `turbine` is turboprop, turbojet and turboshaft',
    },
    feature: {
      enum: [...AIRCRAFT_FEATURES],
      description: 'The time in aircraft with the feature (logged flights only)',
    },
    at_least: {
      type: 'integer',
      minimum: 0,
      maximum: AT_LEAST_MAX,
      description: 'Met when the figure is at least this (minutes for a `_minutes` metric)',
    },
  },
  description:
    'A threshold on one figure of the experience, with at most one of `window`, `type_designator`, ' +
    '`engine`, `feature` (`type_designator` may add `window`)',
});

const CURRENCY = namedSchema('CurrencyRequirement', {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'currency', 'group'],
  properties: {
    id: ID,
    currency: { enum: [...CURRENCY_RULE_KEYS], description: 'A rule of `GET /v1/currency-rules`' },
    group: {
      type: 'string',
      description:
        'A group of the rule (its FAA group, category or rating key); another: 400. Met when the pilot’s ' +
        'entry for it is `current`; a group with no entry is not met',
    },
  },
  description: 'Current under a recent-experience rule in one group',
});

export const CHECK_REQUEST = namedSchema('RequirementCheckRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['pilot_id', 'requirements'],
  properties: {
    pilot_id: { type: 'string', format: 'uuid', description: 'A pilot linked to you' },
    as_of: {
      type: 'string',
      format: 'date',
      description:
        'The date (UTC) the experience is checked as of: 1903-12-17 to tomorrow; today when absent',
    },
    requirements: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_REQUIREMENTS,
      items: { oneOf: [{ $ref: THRESHOLD }, { $ref: CURRENCY }] },
      description: `1 to ${MAX_REQUIREMENTS} requirements, ids unique; shown to the pilot as sent`,
    },
  },
  description: 'Requirements to check a linked pilot against; the body is at most 8 KB',
});

export const CHECK_ANSWER = namedSchema('RequirementCheck', {
  type: 'object',
  additionalProperties: false,
  required: ['pilot_id', 'as_of', 'results', 'all_met'],
  properties: {
    pilot_id: { type: 'string', format: 'uuid', description: 'The linked pilot, in lower case' },
    as_of: { type: 'string', format: 'date', description: 'The date the experience was checked as of (UTC)' },
    results: {
      type: 'array',
      description: 'One verdict per requirement, in the order sent',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'met'],
        properties: { id: { type: 'string' }, met: { type: 'boolean' } },
      },
    },
    all_met: { type: 'boolean', description: 'Whether every requirement is met' },
  },
  description: 'Whether the pilot meets each requirement; never a figure',
});
