import { TOTALS_FIELDS } from './logbook';

/** JSON Schemas of the totals answers (partner API 2.4, the pilot app's own totals). */
type Schema = Record<string, unknown>;

const minutes: Schema = { type: 'integer', minimum: 0 };

/** `PilotTotals`: section 2.4 of the partner API without `pilot_id` and `last_updated`, in its order. */
export const PILOT_TOTALS_PROPERTIES: Record<string, Schema> = {
  totals: {
    type: 'object',
    additionalProperties: false,
    required: [...TOTALS_FIELDS],
    properties: Object.fromEntries(TOTALS_FIELDS.map((field) => [field, minutes])),
  },
  landings: {
    type: 'object',
    additionalProperties: false,
    required: ['total_day', 'total_night'],
    properties: { total_day: minutes, total_night: minutes },
  },
  rating_breakdown: {
    type: 'object',
    description: 'Minutes per rating key of the rating dictionary; keys without minutes are left out',
    additionalProperties: minutes,
  },
  flight_count: minutes,
  last_flight_date: {
    type: ['string', 'null'],
    description: 'The latest flight date as `YYYY-MM-DDT00:00:00.000Z`; null without flights',
  },
};

/** An object of `first` then the totals properties, every property required. */
export function totalsAnswerSchema(first: Record<string, Schema>): Schema {
  const properties = { ...first, ...PILOT_TOTALS_PROPERTIES };
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}
