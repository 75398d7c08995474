import { type OracleExperience, type WindowName } from './experience.oracle';
import { type ExperienceFeature } from './experience-record.oracle';

/**
 * The verdicts of a requirement check (pilot-experience.md 5) computed from scratch from the
 * spec: each requirement as a partner sends it, its figure looked up in the oracle's experience
 * and compared with `at_least`, or its currency rule's entry looked up. Written apart from
 * libs/totals (no imports from it), so that a shared mistake is unlikely.
 */

/** A requirement as sent in a check body. */
export type SentRequirement =
  | {
      id: string;
      metric: string;
      at_least: number;
      window?: WindowName;
      type_designator?: string | string[];
      engine?: string;
      feature?: ExperienceFeature;
    }
  | { id: string; currency: string; group: string };

export interface OracleVerdicts {
  results: { id: string; met: boolean }[];
  all_met: boolean;
}

/** The counts a metric may name besides the totals' fields, and where each is in a lifetime or a window. */
function countOf(
  metric: string,
  source: { flight_count: number; approaches: number; day: number; night: number },
) {
  if (metric === 'flight_count') return source.flight_count;
  if (metric === 'approaches') return source.approaches;
  if (metric === 'landings_day') return source.day;
  if (metric === 'landings_night') return source.night;
  return undefined;
}

/** The figure a threshold requirement is about, read from the oracle's experience. */
export function oracleFigure(
  requirement: Extract<SentRequirement, { metric: string }>,
  x: OracleExperience,
): number {
  const { metric } = requirement;
  if (requirement.type_designator !== undefined) {
    const designators = new Set(
      typeof requirement.type_designator === 'string'
        ? [requirement.type_designator]
        : requirement.type_designator,
    );
    // With last_12_months, total flight time is the breakdown's last_12_months_minutes.
    const field = requirement.window === 'last_12_months' ? 'last_12_months_minutes' : metric;
    let sum = 0;
    for (const entry of x.by_aircraft_type) {
      if (designators.has(entry.type_designator)) sum += (entry as unknown as Record<string, number>)[field]!;
    }
    return sum;
  }
  if (requirement.engine !== undefined) {
    const entry = x.by_engine[requirement.engine as keyof OracleExperience['by_engine']];
    return (entry as unknown as Record<string, number>)[metric]!;
  }
  if (requirement.feature !== undefined) {
    return (x.by_feature[requirement.feature] as unknown as Record<string, number>)[metric]!;
  }
  if (requirement.window !== undefined) {
    const w = x.windows[requirement.window];
    const count = countOf(metric, { ...w, day: w.landings.day, night: w.landings.night });
    return count ?? (w.totals as Record<string, number>)[metric]!;
  }
  const l = x.lifetime;
  const count = countOf(metric, { ...l, day: l.landings.total_day, night: l.landings.total_night });
  return count ?? (l.totals as Record<string, number>)[metric]!;
}

export function oracleVerdicts(
  requirements: readonly SentRequirement[],
  x: OracleExperience,
): OracleVerdicts {
  const results = requirements.map((requirement) => {
    if ('currency' in requirement) {
      const entry = x.currency.find((e) => e.rule === requirement.currency && e.group === requirement.group);
      return { id: requirement.id, met: entry !== undefined && entry.status === 'current' };
    }
    return { id: requirement.id, met: oracleFigure(requirement, x) >= requirement.at_least };
  });
  return { results, all_met: results.every((r) => r.met) };
}
