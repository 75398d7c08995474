import { hoursMinutes } from '../format';
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
 * field of the form a detail's JSON path concerns, or undefined when the form shows no such field;
 * `besideField` gives what is said beside that field (the API's words unless told otherwise), while
 * the banner keeps the API's own.
 */
export function shownError(
  err: unknown,
  fieldOf: (path: string) => string | undefined,
  besideField: (detail: ErrorDetail, field: string) => string = (detail) => detail.message,
): ShownError {
  if (!(err instanceof ApiError)) return { banner: err, fields: {} };
  const fields: Record<string, string> = {};
  const elsewhere: ErrorDetail[] = [];
  for (const detail of err.details) {
    const field = fieldOf(detail.field);
    if (field === undefined) {
      elsewhere.push(detail);
      continue;
    }
    const words = besideField(detail, field);
    fields[field] = fields[field] ? `${fields[field]}; ${words}` : words;
  }
  return { banner: new ApiError(err.status, err.code, err.message, err.requestId, elsewhere), fields };
}

const MINUTES_RANGE = /^must be from (\d+) to (\d+)$/;

/**
 * What is said beside a field typed in hours:minutes: the bounds of a time out of range, which the
 * API gives in minutes, in hours:minutes ("must be at most 100000:00"); any other detail in the
 * API's words.
 */
export function inHoursMinutes(detail: ErrorDetail): string {
  const range = detail.issue === 'out_of_range' ? MINUTES_RANGE.exec(detail.message) : null;
  if (!range) return detail.message;
  const [from, to] = [Number(range[1]), Number(range[2])];
  return from === 0
    ? `must be at most ${hoursMinutes(to)}`
    : `must be from ${hoursMinutes(from)} to ${hoursMinutes(to)}`;
}
