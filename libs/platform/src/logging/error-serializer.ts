import pino from 'pino';

/**
 * Fields of an error that may quote a pilot's data: the values of a failed statement (TypeORM's
 * QueryFailedError keeps them as `parameters`: a flight, an uploaded logbook file), Postgres' `detail`
 * ("Failing row contains (…)") and its `where`, the context of the error, which quotes the value being
 * read ("JSON data, line 1: [{"remarks":"…"). Logs are kept apart from the pilot's key, so what they
 * hold outlives an erasure (docs/privacy.md): these are never written.
 */
const QUOTING_FIELDS = new Set(['parameters', 'detail', 'where']);

/** What is written in place of a field left out. */
export const LEFT_OUT = '[not logged: may hold a pilot’s data]';

/** How deep into an error's fields the check goes (an error's error's fields, and so on). */
const MAX_DEPTH = 6;

/**
 * pino's error serializer (type, message and stack with their causes, every other field), with the
 * fields that may quote a pilot's data left out wherever they are: on the error, on an error it
 * holds (TypeORM's `driverError`) and on those of an AggregateError. The error itself is not changed.
 */
export function serializeError(err: unknown): unknown {
  return withoutQuotes(pino.stdSerializers.err(err as Error), 0);
}

function withoutQuotes(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutQuotes(item, depth + 1));
  if (value instanceof Error) return serializeError(value);
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] = QUOTING_FIELDS.has(key) && field !== undefined ? LEFT_OUT : withoutQuotes(field, depth + 1);
  }
  return copy;
}
