import { type Flight } from '@pft/contracts';
import { type Decision, isRejection, type ValidationIssue } from '@pft/domain';
import { ApiError } from '@pft/platform';

/** 400 INVALID_REQUEST with a detail per problem, as the pilot app API answers a flight it refuses. */
export function invalidFlight(issues: ValidationIssue[], message?: string): ApiError {
  const first = issues[0];
  return new ApiError(
    'INVALID_REQUEST',
    message ?? (first ? `${first.field} ${first.message}` : 'The flight is not valid'),
    issues.map(({ field, issue, message: text }) => ({ field, issue, message: text })),
  );
}

/** A logbook decision the pipeline can append, or the refusal thrown as the pilot app API's error. */
export function accepted<E>(decision: Decision<E>): { events: E[]; flight?: Flight } {
  if (!isRejection(decision)) return decision;
  if (decision.rejected === 'INVALID_REQUEST') throw invalidFlight(decision.details ?? [], decision.message);
  throw new ApiError(decision.rejected, decision.message, decision.details);
}
