import { type Flight } from '@pft/contracts';
import { ApiError } from '@pft/platform';
import { LogbookRejected } from '../domain/errors';
import { type Decision, isRejection } from '../domain/logbook.decide';
import { type ValidationIssue } from '../domain/validation-issue';

/**
 * 400 INVALID_REQUEST with a detail per problem, for every API that writes a pilot's logbook (the
 * pilot app API, the partner API's sandbox) and refuses a request before it becomes a command.
 */
export function invalidRequest(issues: ValidationIssue[], message?: string): ApiError {
  const first = issues[0];
  return new ApiError(
    'INVALID_REQUEST',
    message ?? (first ? `${first.field} ${first.message}` : 'The request is not valid'),
    issues.map(({ field, issue, message: text }) => ({ field, issue, message: text })),
  );
}

/** A logbook decision the pipeline can append, or the rejection thrown (answered by the error filter). */
export function accepted<E>(decision: Decision<E>): { events: E[]; flight?: Flight } {
  if (isRejection(decision)) throw new LogbookRejected(decision);
  return decision;
}
