import { ApiError, type ErrorDetail } from '@pft/platform';
import { parseAsOf } from '@pft/totals/domain';

/** One refused query parameter: the sentence said of it, and its entry in the 400's `details`. */
export interface QueryProblem {
  message: string;
  detail: ErrorDetail;
}

/** A query parameter as read: its value, or why it is refused. */
export type CheckedParameter<T> = { ok: true; value: T } | { ok: false; problem: QueryProblem };

type ValuesOf<T> = { [K in keyof T]: T[K] extends CheckedParameter<infer V> ? V : never };

/**
 * The 400 INVALID_REQUEST of a read's query: every parameter refused named in `details`, in the order
 * given, as a requirement check names every problem of its body, so that one bad parameter never hides
 * another. The message says each problem.
 */
export function invalidQuery(problems: readonly QueryProblem[]): ApiError {
  return new ApiError(
    'INVALID_REQUEST',
    problems.map((p) => p.message).join('; '),
    problems.map((p) => p.detail),
  );
}

/** The values of a read's query parameters, each checked on its own, or invalidQuery of every problem. */
export function checkedQuery<T extends Record<string, CheckedParameter<unknown>>>(
  parameters: T,
): ValuesOf<T> {
  const problems = Object.values(parameters).flatMap((p) => (p.ok ? [] : [p.problem]));
  if (problems.length > 0) throw invalidQuery(problems);
  const values = Object.entries(parameters).map(([name, p]) => [name, p.ok ? p.value : undefined]);
  return Object.fromEntries(values) as ValuesOf<T>;
}

/**
 * The `as_of` of an experience read: today (UTC, `today`) when absent, else a calendar date from
 * 1903-12-17 to tomorrow.
 */
export function asOfParameter(raw: unknown, today: string): CheckedParameter<string> {
  const parsed = parseAsOf(raw, today);
  if (parsed.ok) return { ok: true, value: parsed.asOf };
  const { issue, message } = parsed.problem;
  return { ok: false, problem: { message, detail: { field: 'as_of', issue, message } } };
}
