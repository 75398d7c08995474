/**
 * Rating keys as they appear in `rating_breakdown` and in the rating dictionary
 * (partner API v1, sections 2.5 and 2.6).
 */

/** The seven airplane class rating keys, in the order the spec lists them. */
export const CLASS_RATING_KEYS = [
  'sep_land',
  'sep_sea',
  'set_land',
  'set_sea',
  'mep_land',
  'mep_sea',
  'tmg',
] as const;

export type ClassRatingKey = (typeof CLASS_RATING_KEYS)[number];

export const TYPE_RATING_KEY_PREFIX = 'type_';

/** A type rating's key: `type_` and the slug of its licence endorsement designator. */
export type TypeRatingKey = `${typeof TYPE_RATING_KEY_PREFIX}${string}`;

/** A key of the rating dictionary: one of the seven class keys or a type rating's key. */
export type RatingKey = ClassRatingKey | TypeRatingKey;

/**
 * Key of a type rating: `type_` followed by the licence endorsement designator in lower case,
 * every run of characters other than `[a-z0-9]` turned into one underscore, and leading or
 * trailing underscores trimmed. "B737 300-900" -> "type_b737_300_900".
 *
 * Throws when the designator has no letter or digit at all (it would give the bare prefix).
 */
export function typeRatingKey(designator: string): TypeRatingKey {
  const slug = designator
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (slug === '') {
    throw new Error(`Type rating designator ${JSON.stringify(designator)} has no letter or digit`);
  }
  return `${TYPE_RATING_KEY_PREFIX}${slug}`;
}
