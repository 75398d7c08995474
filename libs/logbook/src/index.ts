export { amendFlight } from './commands/amend-flight';
export { deleteFlight } from './commands/delete-flight';
export { importFlights } from './commands/import-flights';
export { accepted, invalidRequest } from './commands/logbook-answers';
export { LOGBOOK_ERRORS, LogbookRejected } from './error-codes';
export { recordFlight } from './commands/record-flight';
export { FlightsRepository } from './tables/flights.repository';
export { StartingTotalsRepository } from './tables/starting-totals.repository';
