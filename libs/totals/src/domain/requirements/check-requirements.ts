import { type Experience } from '../experience/experience';
import { type WindowExperience } from '../experience/windows';
import { type Requirement, type RequirementMetric, type RequirementScope } from './requirement';

/** One requirement's verdict, as `pilot-experience.md` 5 answers it: the id sent and whether it is met. */
export interface RequirementVerdict {
  id: string;
  met: boolean;
}

/**
 * The `data` of a requirement check's answer: verdicts only, in the order sent, and never a figure,
 * so a partner holding only `pilot-requirements` learns whether each condition holds and nothing else.
 */
export interface RequirementCheckAnswer {
  pilot_id: string;
  as_of: string;
  results: RequirementVerdict[];
  all_met: boolean;
}

/**
 * The verdicts of validated requirements against a pilot's experience: the very object the experience
 * read answers, so a verdict always agrees with the figures a sharing pilot's partners can read.
 */
export function checkRequirements(
  pilotId: string,
  requirements: readonly Requirement[],
  experience: Experience,
): RequirementCheckAnswer {
  const results = requirements.map((requirement) => ({
    id: requirement.id,
    met: isMet(requirement, experience),
  }));
  return {
    pilot_id: pilotId,
    as_of: experience.as_of,
    results,
    all_met: results.every((result) => result.met),
  };
}

export function isMet(requirement: Requirement, experience: Experience): boolean {
  if (requirement.kind === 'currency') {
    // A valid group without an entry: the pilot has nothing the rule counts there, so it is not met.
    const entry = experience.currency.find(
      (candidate) => candidate.rule === requirement.rule && candidate.group === requirement.group,
    );
    return entry?.status === 'current';
  }
  return figureOf(requirement.scope, experience) >= requirement.at_least;
}

/** The figure a threshold compares with: read from the experience, never computed again. */
export function figureOf(scope: RequirementScope, experience: Experience): number {
  switch (scope.kind) {
    case 'lifetime': {
      const { lifetime } = experience;
      return metricOf(scope.metric, {
        totals: lifetime.totals,
        flight_count: lifetime.flight_count,
        landings: { day: lifetime.landings.total_day, night: lifetime.landings.total_night },
        approaches: lifetime.approaches,
      });
    }
    case 'window':
      return metricOf(scope.metric, experience.windows[scope.window]);
    case 'aircraft_type':
      return sumOverTypes(experience, scope.type_designators, (entry) => entry[scope.metric]);
    case 'aircraft_type_last_12_months':
      return sumOverTypes(experience, scope.type_designators, (entry) => entry.last_12_months_minutes);
    case 'engine':
      return experience.by_engine[scope.engine][scope.metric];
    case 'feature':
      return experience.by_feature[scope.feature][scope.metric];
  }
}

type MetricSource = Pick<WindowExperience, 'totals' | 'flight_count' | 'landings' | 'approaches'>;

function metricOf(metric: RequirementMetric, source: MetricSource): number {
  if (metric === 'flight_count') return source.flight_count;
  if (metric === 'landings_day') return source.landings.day;
  if (metric === 'landings_night') return source.landings.night;
  if (metric === 'approaches') return source.approaches;
  return source.totals[metric];
}

/** The sum over the listed designators; one the pilot never flew adds nothing. */
function sumOverTypes(
  experience: Experience,
  designators: readonly string[],
  of: (entry: Experience['by_aircraft_type'][number]) => number,
): number {
  const wanted = new Set(designators);
  return experience.by_aircraft_type
    .filter((entry) => wanted.has(entry.type_designator))
    .reduce((sum, entry) => sum + of(entry), 0);
}
