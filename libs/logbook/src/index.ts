export { amendFlight } from './commands/amend-flight';
export { commitImport } from './commands/commit-import';
export { deleteFlight } from './commands/delete-flight';
export { importFlights } from './commands/import-flights';
export { accepted, invalidRequest } from './commands/logbook-answers';
export { LOGBOOK_ERRORS, LogbookRejected } from './error-codes';
export { recordFlight } from './commands/record-flight';
export { FlightsRepository } from './tables/flights.repository';
export { StartingTotalsRepository } from './tables/starting-totals.repository';
export {
  PENDING_IMPORT_HOURS,
  PendingImportsRepository,
  type ImportCommitResult,
  type PendingImport,
  type PendingImportSummary,
} from './tables/pending-imports.repository';
