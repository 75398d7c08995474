import { AIRCRAFT_CATEGORIES, AIRCRAFT_FEATURES, ENGINE_KINDS } from '@pft/contracts';
import { invalidRequest } from '@pft/logbook';
import {
  BodyReader,
  DATE_ORDERS,
  type ImportAircraft,
  type ImportChoices,
  type ImportRead,
  isAirplaneRatingKey,
  MAPPABLE_COLUMNS,
  READING_CHOICES,
  TIME_UNITS,
  type ValidationIssue,
} from '@pft/logbook/domain';

const CHOICE_FIELDS = new Set([
  'aircraft',
  'columns',
  'date_order',
  'time_unit',
  'unused_columns_to_remarks',
]);
const AIRCRAFT_FIELDS = new Set(['category', 'rating_key', 'type_designator', 'engine', 'features']);
/** Bounds of a choices body: a file has at most a few hundred aircraft and about a hundred columns. */
const MAX_ENTRIES = 1_000;
const MAX_NAME = 200;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const oneOf = (values: readonly string[], v: unknown): boolean => typeof v === 'string' && values.includes(v);

/** `body[field]` when it is one of `values`; undefined when absent, or refused (its issue pushed). */
function listedChoice<T extends string>(
  values: readonly T[],
  body: Record<string, unknown>,
  field: string,
  issues: ValidationIssue[],
): T | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (oneOf(values, value)) return value as T;
  issues.push({ field, issue: 'invalid_value', message: `must be one of ${values.join(', ')}` });
  return undefined;
}

function shortString(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_NAME;
}

/**
 * The entries of `value` (an object of at most MAX_ENTRIES, named `name`) merged over `earlier`, each
 * read by `read` (undefined: refused, its issue pushed); undefined when `value` is absent or not such
 * an object (its issue pushed).
 */
function mergedEntries<T>(
  value: unknown,
  name: string,
  earlier: Record<string, T> | undefined,
  issues: ValidationIssue[],
  read: (entry: unknown, key: string, field: string) => T | undefined,
): Record<string, T> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || Object.keys(value).length > MAX_ENTRIES) {
    issues.push({
      field: name,
      issue: 'wrong_type',
      message: `must be an object of at most ${MAX_ENTRIES} ${name}`,
    });
    return undefined;
  }
  const entries = { ...earlier };
  for (const [key, entry] of Object.entries(value)) {
    const chosen = read(entry, key, `${name}.${key}`);
    if (chosen !== undefined) entries[key] = chosen;
  }
  return entries;
}

function aircraftChoice(
  value: unknown,
  field: string,
  issues: ValidationIssue[],
): ImportAircraft | undefined {
  if (!isObject(value)) {
    issues.push({ field, issue: 'wrong_type', message: 'must be an object' });
    return undefined;
  }
  const before = issues.length;
  for (const key of Object.keys(value))
    if (!AIRCRAFT_FIELDS.has(key))
      issues.push({ field: `${field}.${key}`, issue: 'unknown_field', message: 'is not a field' });
  if (!oneOf(AIRCRAFT_CATEGORIES, value.category))
    issues.push({
      field: `${field}.category`,
      issue: 'invalid_value',
      message: `must be one of ${AIRCRAFT_CATEGORIES.join(', ')}`,
    });
  for (const key of ['rating_key', 'type_designator'] as const)
    if (value[key] !== undefined && !shortString(value[key]))
      issues.push({ field: `${field}.${key}`, issue: 'wrong_type', message: 'must be a non-empty string' });
  if (shortString(value.rating_key)) {
    if (value.category !== undefined && value.category !== 'airplane')
      issues.push({
        field: `${field}.rating_key`,
        issue: 'not_allowed',
        message: 'must be absent: only an airplane has a rating',
      });
    else if (!isAirplaneRatingKey(value.rating_key))
      issues.push({
        field: `${field}.rating_key`,
        issue: 'unknown_rating',
        message: 'is not a key of the rating catalog',
      });
  }
  if (value.engine !== undefined && !oneOf(ENGINE_KINDS, value.engine))
    issues.push({
      field: `${field}.engine`,
      issue: 'invalid_value',
      message: `must be one of ${ENGINE_KINDS.join(', ')}`,
    });
  if (
    value.features !== undefined &&
    !(Array.isArray(value.features) && value.features.every((f) => oneOf(AIRCRAFT_FEATURES, f)))
  )
    issues.push({
      field: `${field}.features`,
      issue: 'invalid_value',
      message: `must list only ${AIRCRAFT_FEATURES.join(', ')}`,
    });
  return issues.length === before ? (value as unknown as ImportAircraft) : undefined;
}

/**
 * The choices of `PUT /pilot/v1/imports/{id}/choices`, checked, then merged into the earlier ones:
 * `aircraft` by source, `columns` by field, the rest replaced when given. Throws 400 INVALID_REQUEST with
 * a detail per problem. (The rating key itself is checked by the flight rules, on each row it applies to.)
 */
export function mergeChoices(earlier: ImportChoices, body: unknown): ImportChoices {
  const issues: ValidationIssue[] = [];
  // No body is refused as a body that is not an object is on every route: `(body)`, wrong_type.
  if (!BodyReader.object(issues, '', body) || !isObject(body)) throw invalidRequest(issues);
  for (const key of Object.keys(body))
    if (!CHOICE_FIELDS.has(key))
      issues.push({ field: key, issue: 'unknown_field', message: 'is not a field' });
  const merged: ImportChoices = { ...earlier };
  const aircraft = mergedEntries(
    body.aircraft,
    'aircraft',
    earlier.aircraft,
    issues,
    (value, _source, field) => aircraftChoice(value, field, issues),
  );
  if (aircraft) merged.aircraft = aircraft;
  const columns = mergedEntries(body.columns, 'columns', earlier.columns, issues, (column, key, field) => {
    if (!MAPPABLE_COLUMNS.includes(key)) {
      issues.push({
        field,
        issue: 'unknown_field',
        message: `is not a column of the logbook CSV a file's column maps to: one of ${MAPPABLE_COLUMNS.join(', ')}`,
      });
      return undefined;
    }
    if (shortString(column) || column === null) return column;
    issues.push({ field, issue: 'wrong_type', message: 'must name a source column, or be null for none' });
    return undefined;
  });
  if (columns) merged.columns = columns;
  const dateOrder = listedChoice(DATE_ORDERS, body, 'date_order', issues);
  if (dateOrder) merged.date_order = dateOrder;
  const timeUnit = listedChoice(TIME_UNITS, body, 'time_unit', issues);
  if (timeUnit) merged.time_unit = timeUnit;
  if (body.unused_columns_to_remarks !== undefined) {
    if (typeof body.unused_columns_to_remarks === 'boolean')
      merged.unused_columns_to_remarks = body.unused_columns_to_remarks;
    else
      issues.push({
        field: 'unused_columns_to_remarks',
        issue: 'wrong_type',
        message: 'must be true or false',
      });
  }
  if (issues.length > 0) throw invalidRequest(issues);
  return merged;
}

/**
 * Refuses choices that would change nothing: an aircraft choice for a `pft` file (its rows name their own
 * aircraft, which the preview only shows) or for a source the file as read with them does not have (more
 * likely a mistaken name than a wish); a column mapping, date order or time unit the file's format fixes
 * itself (READING_CHOICES). Throws 400 INVALID_REQUEST with a detail per such choice; the caller saves
 * nothing then.
 */
export function refuseChoicesTheFileCannotTake(
  body: unknown,
  read: Pick<ImportRead, 'format' | 'aircraft'>,
): void {
  if (!isObject(body)) return;
  const chosen = isObject(body.aircraft) ? Object.keys(body.aircraft) : [];
  const own = read.format === 'pft';
  const sources = new Set(own ? [] : read.aircraft.map((a) => a.source));
  const refusal: Pick<ValidationIssue, 'issue' | 'message'> = own
    ? { issue: 'not_allowed', message: 'cannot be chosen: the rows of a pft file name their own aircraft' }
    : { issue: 'not_in_file', message: 'names no aircraft of this file' };
  const issues: ValidationIssue[] = chosen
    .filter((source) => !sources.has(source))
    .map((source) => ({ field: `aircraft.${source}`, ...refusal }));
  const takes = READING_CHOICES[read.format];
  for (const choice of ['columns', 'date_order', 'time_unit'] as const)
    if (body[choice] !== undefined && !takes.includes(choice))
      issues.push({ field: choice, issue: 'not_allowed', message: FIXED_BY_FORMAT[choice](read.format) });
  if (issues.length > 0) throw invalidRequest(issues);
}

const FIXED_BY_FORMAT = {
  columns: (format: string) => `cannot be chosen: the columns of a ${format} file are read by their names`,
  date_order: (format: string) => `cannot be chosen: the dates of a ${format} file are YYYY-MM-DD`,
  time_unit: (format: string) =>
    format === 'pft'
      ? 'cannot be chosen: the times of a pft file are in minutes'
      : `cannot be chosen: the times of a ${format} file are read as decimal hours or H:MM, as each cell shows`,
};
