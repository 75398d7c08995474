import { type LogbookRejection, type ValidationIssue } from '@pft/domain';
import { ApiError } from '@pft/platform';

/** 400 INVALID_REQUEST with a detail per problem. */
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
