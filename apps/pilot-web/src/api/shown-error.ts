import { ApiError, type ErrorDetail } from './client';

/** What a form shows of a request that failed. */
export interface ShownError {
  /**
   * The banner above the form, for every error: what went wrong and, when the service answered, its
   * code and request id; an API error keeps only the details no field of the form shows, to list.
   */
  banner: unknown;
  /** The API's words beside each field of the form a detail concerns, by the form's name of the field. */
  fields: Record<string, string>;
}

/**
 * Splits a failed request's error between the banner and the form's fields. `fieldOf` names the
 * field of the form a detail's JSON path concerns, or undefined when the form shows no such field.
 */
export function shownError(err: unknown, fieldOf: (path: string) => string | undefined): ShownError {
  if (!(err instanceof ApiError)) return { banner: err, fields: {} };
  const fields: Record<string, string> = {};
  const elsewhere: ErrorDetail[] = [];
  for (const detail of err.details) {
    const field = fieldOf(detail.field);
    if (field === undefined) elsewhere.push(detail);
    else fields[field] = fields[field] ? `${fields[field]}; ${detail.message}` : detail.message;
  }
  return { banner: new ApiError(err.status, err.code, err.message, err.requestId, elsewhere), fields };
}
