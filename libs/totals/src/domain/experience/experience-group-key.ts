import { type AircraftCategory, type AircraftFeature, type FlightKind } from '@pft/contracts';
import { type FlightFacts } from '../flight-contribution';
import { type ExperienceGroup } from './experience-aggregates';
import { type CountedEngine } from './experience-record';

/*
 * A group as one line of text, equal for equal groups: a map key, and what a pilot's row stores of
 * its groups (`experience_groups`, their lines joined by newlines, see docs/projections.md). The
 * fields in the order of ExperienceGroup, separated by tabs; an absent rating key or type designator
 * is empty (neither is ever empty when present); the features separated by spaces. The rating key
 * and type designator are written as Postgres' COPY text format writes a value: a backslash, tab or
 * newline in them as `\\`, `\t`, `\n`, so a line holds no raw newline and no tab but its separators.
 * Read back with a split, where JSON would be parsed at every read of the row.
 */

const SPECIAL = /[\\\t\n]/;
const ESCAPED = /\\([\\tn])/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n' };
const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n' };

const escaped = (text: string | null): string =>
  text === null ? '' : SPECIAL.test(text) ? text.replace(/[\\\t\n]/g, (c) => ESCAPES[c]!) : text;

const unescaped = (text: string): string | null =>
  text === '' ? null : text.includes('\\') ? text.replace(ESCAPED, (_, c: string) => UNESCAPES[c]!) : text;

const keyOf = (
  kind: FlightKind,
  category: AircraftCategory,
  ratingKey: string | null,
  typeDesignator: string | null,
  engine: CountedEngine,
  features: readonly AircraftFeature[],
): string =>
  `${kind}\t${category}\t${escaped(ratingKey)}\t${escaped(typeDesignator)}\t${engine}\t${features.join(' ')}`;

export const groupKeyOf = (g: ExperienceGroup): string =>
  keyOf(g.kind, g.category, g.rating_key, g.type_designator, g.engine, g.features);

/** The groupKeyOf of the group `facts` count in (experienceContributionOf), without making the group. */
export const groupKeyOfFacts = ({ kind, category, rating_key, experience: e }: FlightFacts): string =>
  keyOf(kind, category, rating_key, e.type_designator, e.engine, e.features);

/** The group of a groupKeyOf. */
export function groupOfKey(key: string): ExperienceGroup {
  const fields = key.split('\t');
  if (fields.length !== 6) throw new Error(`not an experience group: ${JSON.stringify(key)}`);
  const [kind, category, ratingKey, typeDesignator, engine, features] = fields as [string, ...string[]];
  return {
    kind: kind as FlightKind,
    category: category as AircraftCategory,
    rating_key: unescaped(ratingKey!),
    type_designator: unescaped(typeDesignator!),
    engine: engine as CountedEngine,
    features: features === '' ? [] : (features!.split(' ') as AircraftFeature[]),
  };
}

/** The keys of a pilot's groups as `experience_groups` stores them (their lines joined by newlines). */
export const groupKeysOf = (stored: string): string[] => (stored === '' ? [] : stored.split('\n'));

/** A pilot's groups as `experience_groups` stores them, in order (a group's number is its place). */
export const storedGroupKeys = (keys: readonly string[]): string => keys.join('\n');
