import { type LogbookRejection } from './logbook.decide';
import { type ValidationIssue } from './validation-issue';

/** A logbook command refused (a LogbookRejection), thrown to be answered with its code, message and details. */
export class LogbookRejected extends Error {
  readonly code: LogbookRejection['rejected'];
  readonly details?: ValidationIssue[];

  constructor(readonly rejection: LogbookRejection) {
    super(rejection.message);
    this.name = 'LogbookRejected';
    this.code = rejection.rejected;
    // An invalid command always points at its fields, if only with none.
    const details = rejection.rejected === 'INVALID_REQUEST' ? (rejection.details ?? []) : rejection.details;
    this.details = details?.map(({ field, issue, message }) => ({ field, issue, message }));
  }
}

/** The logbook's own error codes, with their HTTP status, and the domain errors it throws. */
export const LOGBOOK_ERRORS = {
  statuses: {
    FLIGHT_NOT_FOUND: 404,
    // A logbook file for import (`logbook-import.md` 2).
    IMPORT_TOO_LARGE: 413,
    UNSUPPORTED_FILE: 415,
    IMPORT_NOT_FOUND: 404,
    IMPORT_NOT_READY: 409,
  },
  errors: [LogbookRejected],
} as const;
