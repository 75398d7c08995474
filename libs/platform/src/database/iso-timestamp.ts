/**
 * SQL for `column` (a timestamptz) as the text of JavaScript's `toISOString()`: UTC, milliseconds,
 * the microseconds cut off as a `Date` made from the row would cut them. Postgres writes it, so a row
 * read only to be answered as JSON needs no `Date` parsed and written again.
 */
export const isoTimestamp = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
