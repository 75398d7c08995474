import { RATING_CATALOG } from '@pft/logbook/domain';

const LABELS = new Map(RATING_CATALOG.map((entry) => [entry.key, entry.label]));

/** A rating's label in the rating dictionary (its key when the dictionary has none). */
export const ratingLabel = (key: string): string => LABELS.get(key) ?? key;

export { RATING_CATALOG };
