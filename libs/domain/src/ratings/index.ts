export { CLASS_RATING_KEYS, TYPE_RATING_KEY_PREFIX, typeRatingKey, type ClassRatingKey } from './rating-key';
export {
  RATING_CATALOG,
  RATING_CATALOG_SOURCE,
  buildRatingCatalog,
  findRating,
  isAirplaneRatingKey,
  type RatingCatalog,
  type RatingCatalogSource,
  type RatingEntry,
} from './rating-catalog';
