import { type Flight } from '@pft/contracts';
import { type Decision, isRejection, type LogbookRejection } from '../domain/logbook.decide';
import { type ValidationIssue } from '../domain/validation-issue';
import { ApiError } from '@pft/platform';

/**
 * How a logbook write is answered, in one place for every API that writes a pilot's logbook (the pilot
 * app API, the partner API's sandbox): 400 INVALID_REQUEST with a detail per problem, a refusal in the
 * API's words, or the decision the write pipeline appends.
 */
export function invalidRequest(issues: ValidationIssue[], message?: string): ApiError {
  const first = issues[0];
  return new ApiError(
    'INVALID_REQUEST',
    message ?? (first ? `${first.field} ${first.message}` : 'The request is not valid'),
    issues.map(({ field, issue, message: text }) => ({ field, issue, message: text })),
  );
}

/** A refused logbook command, in the API's words. */
export function rejectionError(rejection: LogbookRejection): ApiError {
  if (rejection.rejected === 'INVALID_REQUEST')
    return invalidRequest(rejection.details ?? [], rejection.message);
  return new ApiError(rejection.rejected, rejection.message, rejection.details);
}

/** A logbook decision the pipeline can append, or the rejection thrown as the API error it answers with. */
export function accepted<E>(decision: Decision<E>): { events: E[]; flight?: Flight } {
  if (isRejection(decision)) throw rejectionError(decision);
  return decision;
}
