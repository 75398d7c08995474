import { ENTERED_TOTALS_FIELDS, type StartingTotals } from '@pft/contracts';
import { type ErrorDetail } from '../api/client';
import { inHoursMinutes } from '../api/shown-error';
import { hoursMinutes } from '../format';

/** The form's fields, each named by the JSON path of the request body it fills. */
const FIELDS: ReadonlySet<string> = new Set([
  ...ENTERED_TOTALS_FIELDS.map((f) => `totals.${f}`),
  'landings.total_day',
  'landings.total_night',
  'flight_count',
]);

/** The form's field an API error's JSON path concerns; undefined for one the form does not show. */
export const startingFieldOf = (path: string): string | undefined => (FIELDS.has(path) ? path : undefined);

/** What the form says beside a field of an API error's detail: a time's bounds as its field is typed. */
export const startingFieldWords = (detail: ErrorDetail, field: string): string =>
  field.startsWith('totals.') ? inHoursMinutes(detail) : detail.message;

/** The form's fields as the stored starting totals fill them: a 0 left empty. */
export function startingValues(stored: StartingTotals): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of ENTERED_TOTALS_FIELDS) {
    const minutes = stored.totals[field];
    if (minutes > 0) values[`totals.${field}`] = hoursMinutes(minutes);
  }
  const counts: [string, number][] = [
    ['landings.total_day', stored.landings.total_day],
    ['landings.total_night', stored.landings.total_night],
    ['flight_count', stored.flight_count],
  ];
  for (const [name, n] of counts) if (n > 0) values[name] = String(n);
  return values;
}
