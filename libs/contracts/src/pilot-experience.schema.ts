import { AIRCRAFT_FEATURES, ENGINE_KINDS, TOTALS_FIELDS } from './logbook';
import { PILOT_TOTALS_PROPERTIES } from './pilot-totals.schema';

/** JSON Schemas of the experience answers (`pilot-experience.md` 2 and 4, the pilot app's own). */
type Schema = Record<string, unknown>;

const count: Schema = { type: 'integer', minimum: 0 };
const date: Schema = { type: 'string', format: 'date' };

const object = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});

const dayNight = object({ day: count, night: count });

const WINDOW = object(
  {
    from: date,
    to: date,
    totals: object(Object.fromEntries(TOTALS_FIELDS.map((field) => [field, count]))),
    landings: dayNight,
    takeoffs: dayNight,
    approaches: count,
    holds: count,
    flight_count: { ...count, description: 'Flights (not simulator sessions) dated in the window' },
  },
  'The records dated in the window, from and to included; starting totals never count here',
);

const WINDOW_NAMES = ['last_90_days', 'last_6_months', 'last_12_months', 'last_24_months'];

const AIRCRAFT_TYPE = object({
  type_designator: { type: 'string', description: 'ICAO Doc 8643 type designator' },
  total_flight_time_minutes: count,
  pic_minutes: count,
  sic_minutes: count,
  last_12_months_minutes: { ...count, description: 'Total flight time in last_12_months' },
  flight_count: count,
  last_flight_date: { type: 'string', description: '`YYYY-MM-DDT00:00:00.000Z`' },
});

const ENGINE = object({
  total_flight_time_minutes: count,
  pic_minutes: count,
  sic_minutes: count,
  multi_engine_minutes: count,
  flight_count: count,
});

const FEATURE = object({ total_flight_time_minutes: count, pic_minutes: count, flight_count: count });

const CURRENCY = object({
  rule: { type: 'string', description: 'A key of GET /v1/currency-rules' },
  group: { type: 'string', description: 'The FAA group, category or rating key the rule counts by' },
  status: { type: 'string', enum: ['current', 'not_current'] },
  valid_until: {
    type: ['string', 'null'],
    format: 'date',
    description:
      'The last date on which the rule still holds counting the records up to as_of; null when not current',
  },
  window_from: { ...date, description: 'The first date of the rule’s window for as_of' },
  counted: { type: 'object', additionalProperties: count, description: 'The counts in the window' },
  required: { type: 'object', additionalProperties: count, description: 'What the rule requires' },
});

/** The experience as of a date: `first` (the reader's envelope fields), then section 2's parts. */
export function experienceAnswerSchema(first: Record<string, Schema>): Schema {
  return object({
    ...first,
    lifetime: object(
      { ...PILOT_TOTALS_PROPERTIES, takeoffs: dayNight, approaches: count, holds: count },
      'The totals of partner API 2.4 over the records dated on or before as_of and the starting totals',
    ),
    windows: object(Object.fromEntries(WINDOW_NAMES.map((name) => [name, WINDOW]))),
    by_aircraft_type: {
      type: 'array',
      items: AIRCRAFT_TYPE,
      description: 'Flights by type designator, most time first',
    },
    by_engine: object(
      Object.fromEntries([...ENGINE_KINDS, 'unknown', 'turbine'].map((key) => [key, ENGINE])),
      'Flights by engine; turbine is turboprop, turbojet and turboshaft together',
    ),
    by_feature: object(Object.fromEntries(AIRCRAFT_FEATURES.map((key) => [key, FEATURE]))),
    currency: {
      type: 'array',
      items: CURRENCY,
      description: 'One entry per rule and group with a counted record; rules in catalog order, then group',
    },
  });
}
