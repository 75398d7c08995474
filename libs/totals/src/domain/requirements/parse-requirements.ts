import { AIRCRAFT_FEATURES, TYPE_DESIGNATOR_PATTERN } from '@pft/contracts';
import { BodyReader, type ValidationIssue } from '@pft/logbook/domain';
import { CURRENCY_RULE_KEYS } from '../experience/currency-rules';
import { groupsOfRuleDescribed, isGroupOfRule } from './currency-groups';
import {
  AT_LEAST_MAX,
  ENGINE_KEYS,
  ENGINE_METRICS,
  FEATURE_METRICS,
  isOneOf,
  MAX_REQUIREMENTS,
  REQUIREMENT_ID_PATTERN,
  REQUIREMENT_METRICS,
  TYPE_METRICS,
  TYPE_WINDOW,
  WINDOW_NAMES,
  type CurrencyRequirement,
  type Requirement,
  type RequirementScope,
  type ThresholdRequirement,
} from './requirement';

export type ParsedRequirements =
  { ok: true; requirements: Requirement[] } | { ok: false; issues: ValidationIssue[] };

const THRESHOLD_FIELDS = ['id', 'metric', 'window', 'type_designator', 'engine', 'feature', 'at_least'];
const CURRENCY_FIELDS = ['id', 'currency', 'group'];
const DESIGNATOR = new RegExp(TYPE_DESIGNATOR_PATTERN);

/**
 * The `requirements` of a check body (`pilot-experience.md` 5), validated: 1 to 20 requirements with
 * unique ids, each a threshold on a metric (with at most one of a window, type designators, an engine
 * or a feature, and only the metrics that filter's breakdown has) or a currency rule and one of its
 * groups. Every problem is reported, each at its JSON path (`requirements[2].metric`), not just the first.
 */
export function parseRequirements(raw: unknown, path = 'requirements'): ParsedRequirements {
  const issues: ValidationIssue[] = [];
  if (raw === undefined) return refused({ field: path, issue: 'required', message: 'is required' });
  if (!Array.isArray(raw))
    return refused({ field: path, issue: 'wrong_type', message: 'must be a list of requirements' });
  if (raw.length === 0)
    return refused({ field: path, issue: 'empty', message: 'must hold at least 1 requirement' });
  if (raw.length > MAX_REQUIREMENTS)
    return refused({
      field: path,
      issue: 'too_many',
      message: `must hold at most ${MAX_REQUIREMENTS} requirements`,
    });
  const requirements: Requirement[] = [];
  const firstWithId = new Map<string, number>();
  raw.forEach((item: unknown, index) => {
    const itemPath = `${path}[${index}]`;
    const reader = BodyReader.object(issues, itemPath, item);
    if (!reader) return;
    const before = issues.length;
    const id = readId(reader);
    if (id !== undefined) {
      const first = firstWithId.get(id);
      if (first === undefined) firstWithId.set(id, index);
      else reader.problem('id', 'duplicate', `repeats the id of ${path}[${first}]`);
    }
    const requirement = reader.has('currency') ? readCurrency(reader, id) : readThreshold(reader, id);
    if (requirement && issues.length === before) requirements.push(requirement);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, requirements };
}

const refused = (issue: ValidationIssue): ParsedRequirements => ({ ok: false, issues: [issue] });

function readId(reader: BodyReader): string | undefined {
  if (!reader.has('id')) {
    reader.problem('id', 'required', 'is required');
    return undefined;
  }
  const id = reader.raw('id');
  if (typeof id !== 'string') {
    reader.problem('id', 'wrong_type', 'must be a string');
    return undefined;
  }
  if (!REQUIREMENT_ID_PATTERN.test(id)) {
    reader.problem('id', 'invalid_format', 'must be 1 to 64 characters of A-Z, a-z, 0-9, _, . and -');
    return undefined;
  }
  return id;
}

function readCurrency(reader: BodyReader, id: string | undefined): CurrencyRequirement | undefined {
  if (reader.has('metric')) reader.problem('currency', 'conflict', 'cannot be given with metric');
  reader.onlyKnown([...CURRENCY_FIELDS, 'metric']);
  const rule = reader.oneOf('currency', CURRENCY_RULE_KEYS);
  const group = reader.string('group', { required: true });
  if (rule !== undefined && group !== undefined && !isGroupOfRule(rule, group)) {
    reader.problem(
      'group',
      'invalid_value',
      `is not a group of ${rule}: must be ${groupsOfRuleDescribed(rule)}`,
    );
    return undefined;
  }
  if (id === undefined || rule === undefined || group === undefined) return undefined;
  return { kind: 'currency', id, rule, group };
}

function readThreshold(reader: BodyReader, id: string | undefined): ThresholdRequirement | undefined {
  reader.onlyKnown(THRESHOLD_FIELDS);
  if (!reader.has('metric')) {
    reader.problem('metric', 'required', 'is required: a metric, or currency for a currency rule');
  }
  const metric = reader.oneOf('metric', REQUIREMENT_METRICS, false);
  const window = reader.oneOf('window', WINDOW_NAMES, false);
  const designators = readDesignators(reader);
  const engine = reader.oneOf('engine', ENGINE_KEYS, false);
  const feature = reader.oneOf('feature', AIRCRAFT_FEATURES, false);
  const atLeast = reader.integer('at_least', 0, AT_LEAST_MAX, true);
  const breakdowns = (['type_designator', 'engine', 'feature'] as const).filter((key) => reader.has(key));
  for (const extra of breakdowns.slice(1)) {
    reader.problem(extra, 'conflict', `cannot be given with ${breakdowns[0]}: at most one filter`);
  }
  const beside = reader.has('engine') ? 'engine' : reader.has('feature') ? 'feature' : undefined;
  if (reader.has('window') && beside !== undefined) {
    reader.problem('window', 'conflict', `cannot be given with ${beside}: at most one filter`);
  }
  if (breakdowns.length > 1 || (reader.has('window') && beside !== undefined)) return undefined;
  // Whether the metric and window fit the filter is named too when another field is bad (the id, the
  // threshold, the filter's value): every problem of the requirement at once.
  const scope =
    metric === undefined ? undefined : scopeOf(reader, metric, window, designators, engine, feature);
  if (scope === undefined || id === undefined || atLeast === undefined) return undefined;
  return { kind: 'threshold', id, scope, at_least: atLeast };
}

/**
 * Where the metric is read, or undefined: when the filter's breakdown does not have the metric, or a
 * window other than last_12_months is given with type designators (both recorded here), or when the
 * filter's or the window's value is bad (recorded as it was read).
 */
function scopeOf(
  reader: BodyReader,
  metric: (typeof REQUIREMENT_METRICS)[number],
  window: (typeof WINDOW_NAMES)[number] | undefined,
  designators: string[] | undefined,
  engine: (typeof ENGINE_KEYS)[number] | undefined,
  feature: (typeof AIRCRAFT_FEATURES)[number] | undefined,
): RequirementScope | undefined {
  const notIn = (breakdown: string, allowed: readonly string[]): undefined => {
    reader.problem(
      'metric',
      'not_allowed',
      `is not a metric of ${breakdown}: must be one of ${allowed.join(', ')}`,
    );
    return undefined;
  };
  if (reader.has('type_designator')) {
    if (reader.has('window')) {
      if (window === undefined) return undefined;
      if (window !== TYPE_WINDOW) {
        reader.problem('window', 'not_allowed', `with type_designator must be ${TYPE_WINDOW}`);
        return undefined;
      }
      if (metric !== 'total_flight_time_minutes')
        return notIn(`type_designator with window ${TYPE_WINDOW}`, ['total_flight_time_minutes']);
      return designators && { kind: 'aircraft_type_last_12_months', type_designators: designators };
    }
    if (!isOneOf(TYPE_METRICS, metric)) return notIn('type_designator', TYPE_METRICS);
    return designators && { kind: 'aircraft_type', type_designators: designators, metric };
  }
  if (reader.has('engine')) {
    if (!isOneOf(ENGINE_METRICS, metric)) return notIn('engine', ENGINE_METRICS);
    return engine && { kind: 'engine', engine, metric };
  }
  if (reader.has('feature')) {
    if (!isOneOf(FEATURE_METRICS, metric)) return notIn('feature', FEATURE_METRICS);
    return feature && { kind: 'feature', feature, metric };
  }
  if (reader.has('window')) return window && { kind: 'window', window, metric };
  return { kind: 'lifetime', metric };
}

/** `type_designator`: one designator or a non-empty list of distinct ones, each as ICAO Doc 8643 writes it. */
function readDesignators(reader: BodyReader): string[] | undefined {
  if (!reader.has('type_designator')) return undefined;
  const raw = reader.raw('type_designator');
  if (typeof raw === 'string') return checkDesignator(reader, 'type_designator', raw) ? [raw] : undefined;
  if (!Array.isArray(raw)) {
    reader.problem('type_designator', 'wrong_type', 'must be a type designator or a list of them');
    return undefined;
  }
  if (raw.length === 0) {
    reader.problem('type_designator', 'empty', 'must hold at least 1 type designator');
    return undefined;
  }
  const seen = new Set<string>();
  let valid = true;
  raw.forEach((designator: unknown, index) => {
    const field = `type_designator[${index}]`;
    if (typeof designator !== 'string') {
      reader.problem(field, 'wrong_type', 'must be a string');
      valid = false;
    } else if (!checkDesignator(reader, field, designator)) {
      valid = false;
    } else if (seen.has(designator)) {
      reader.problem(field, 'duplicate', 'is already in the list');
      valid = false;
    }
    if (typeof designator === 'string') seen.add(designator);
  });
  return valid ? (raw as string[]) : undefined;
}

function checkDesignator(reader: BodyReader, field: string, designator: string): boolean {
  if (DESIGNATOR.test(designator)) return true;
  reader.problem(
    field,
    'invalid_format',
    'must be an ICAO type designator: 2 to 4 upper-case letters or digits, a letter first',
  );
  return false;
}
