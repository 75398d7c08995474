import { type ImportAircraft, type ImportChoices } from '@pft/logbook/domain';
import { type ImportView } from '../api/imports';

/** The categories a record may have without a rating (a rating is for airplanes only). */
export const OTHER_CATEGORIES = [
  ['helicopter', 'Helicopter'],
  ['sailplane', 'Sailplane'],
  ['other', 'Other'],
] as const;

/** An aircraft as a value of the rating select: `airplane:<rating key>`, or the category; '' for none. */
export function ratingValue(aircraft: ImportAircraft | null): string {
  if (!aircraft) return '';
  if (aircraft.category !== 'airplane') return aircraft.category;
  return aircraft.rating_key ? `airplane:${aircraft.rating_key}` : '';
}

/** The choice a value of the rating select stands for (the file's engine and features stay). */
export function aircraftChoice(value: string): ImportAircraft {
  return value.startsWith('airplane:')
    ? { category: 'airplane', rating_key: value.slice('airplane:'.length) }
    : { category: value as ImportAircraft['category'] };
}

/** The mapping with the chosen columns, a field chosen to be in no column left out. */
function withColumns(
  columns: Record<string, string>,
  chosen: Record<string, string | null> = {},
): Record<string, string> {
  const merged = { ...columns };
  for (const [field, column] of Object.entries(chosen)) {
    if (column === null) delete merged[field];
    else merged[field] = column;
  }
  return merged;
}

/** The preview as it will be with the choices, until the service has read the file again with them. */
export function withChoices(view: ImportView, choices: ImportChoices): ImportView {
  return {
    ...view,
    columns: withColumns(view.columns, choices.columns),
    aircraft: view.aircraft.map((a) => {
      const chosen = choices.aircraft?.[a.source];
      return chosen ? { ...a, chosen } : a;
    }),
    date_order: choices.date_order ?? view.date_order,
    time_unit: choices.time_unit ?? view.time_unit,
  };
}
