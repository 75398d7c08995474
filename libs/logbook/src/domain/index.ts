export { BodyReader } from './body-reader';
export { LOGBOOK_ERRORS, LogbookRejected } from './errors';
export { isCalendarDate } from './flights/calendar-date';
export { parseFlightImport } from './flights/flight-import.rules';
export { EARLIEST_FLIGHT_DATE, parseFlight } from './flights/flight.rules';
export {
  DATE_ORDERS,
  detectFormat,
  IMPORT_FORMATS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_LINE_LENGTH,
  readImport,
  TIME_UNITS,
  MAPPABLE_COLUMNS,
  READING_CHOICES,
  type ImportAircraft,
  type ImportChoices,
  type ImportFormat,
  type ImportInput,
  type ImportRead,
  type ImportRefusal,
  type ImportResult,
  type ImportView,
  type TypeRatingOf,
} from './import';
export { decideCommitImport, type ImportCommitCounts } from './import-commit.decide';
export { formatLogbookCsv, readLogbookCsv } from './logbook-csv/logbook-csv';
export {
  decideAmendFlight,
  decideDeleteFlight,
  decideRecordFlight,
  decideSetStartingTotals,
} from './logbook.decide';
export type { FlightState } from './logbook.decide';
export { RATING_CATALOG, isAirplaneRatingKey, typeRatingForIcao } from './ratings/rating-catalog';
export { CLASS_RATING_KEYS, type RatingKey } from './ratings/rating-key';
export { parseStartingTotals, ZERO_STARTING_TOTALS } from './starting-totals.rules';
export type { Parsed, ValidationIssue } from './validation-issue';
