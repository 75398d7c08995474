export { parseRequirements } from './parse-requirements';
export type { ParsedRequirements } from './parse-requirements';
export { checkRequirements } from './check-requirements';
export type { RequirementCheckAnswer, RequirementVerdict } from './check-requirements';
export { isGroupOfRule } from './currency-groups';
export {
  AT_LEAST_MAX,
  ENGINE_KEYS,
  ENGINE_METRICS,
  FEATURE_METRICS,
  MAX_REQUIREMENTS,
  REQUIREMENT_METRICS,
  TYPE_METRICS,
} from './requirement';
export type { Requirement, RequirementMetric, RequirementScope } from './requirement';
