export { currencyRuleCatalog, CURRENCY_RULE_KEYS } from './currency-rules';
export type { CurrencyRuleInfo, CurrencyRuleKey } from './currency-rules';
export type { AircraftTypeEntry, EngineEntry, EngineKey, FeatureEntry } from './breakdowns';
export type { CurrencyEntry } from './currency';
export type { ExperienceRecord } from './experience-record';
export { experienceAsOf } from './experience';
export type { Experience, LifetimeExperience } from './experience';
export { WINDOW_NAMES } from './windows';
export type { WindowExperience, WindowName } from './windows';
