import fc from 'fast-check';
import { TOTALS_FIELDS } from '@pft/contracts';
import { SAMPLE_RATING_KEYS } from './logbook-events.arbitrary';
import { ENGINE_KEYS, WINDOW_NAMES, type OracleExperience } from './experience.oracle';
import { EXPERIENCE_FEATURES } from './experience-record.oracle';
import { oracleFigure, type SentRequirement } from './requirements.oracle';

/**
 * Requirement lists as partners send them (pilot-experience.md 5), valid ones only, from the spec:
 * every metric over the lifetime or a window, the breakdowns' metrics with a type designator (one or
 * a list, with last_12_months), an engine or a feature, and currency rules with groups of their own.
 */

const METRICS = [...TOTALS_FIELDS, 'flight_count', 'landings_day', 'landings_night', 'approaches'];
const TYPE_METRICS = ['total_flight_time_minutes', 'pic_minutes', 'sic_minutes', 'flight_count'];
const ENGINE_METRICS = [...TYPE_METRICS, 'multi_engine_minutes'];
const FEATURE_METRICS = ['total_flight_time_minutes', 'pic_minutes', 'flight_count'];
/** Those the record arbitrary uses, and two no record has. */
const DESIGNATORS = ['C172', 'PA28', 'B738', 'A320', 'DA42', 'B739', 'E190'];

const FAA_GROUPS = [
  'airplane_sel',
  'airplane_mel',
  'airplane_ses',
  'airplane_mes',
  'tmg',
  'helicopter',
  'sailplane',
  'other',
  ...SAMPLE_RATING_KEYS.filter((key) => key.startsWith('type_')),
];
const GROUPS_OF_RULE: Record<string, readonly string[]> = {
  faa_61_57_a: FAA_GROUPS,
  faa_61_57_b: FAA_GROUPS,
  faa_61_57_c: ['airplane', 'helicopter', 'sailplane', 'other'],
  easa_fcl_060_b1: SAMPLE_RATING_KEYS,
  easa_fcl_060_b2: SAMPLE_RATING_KEYS,
};

/** A threshold's shape without its id and `at_least`, which come later. */
type Shape = Omit<Extract<SentRequirement, { metric: string }>, 'id' | 'at_least'>;

const designatorsArb: fc.Arbitrary<string | string[]> = fc.oneof(
  fc.constantFrom(...DESIGNATORS),
  fc.uniqueArray(fc.constantFrom(...DESIGNATORS), { minLength: 1, maxLength: 4 }),
);

const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  fc.record({ metric: fc.constantFrom(...METRICS) }),
  fc.record({ metric: fc.constantFrom(...METRICS), window: fc.constantFrom(...WINDOW_NAMES) }),
  fc.record({ metric: fc.constantFrom(...TYPE_METRICS), type_designator: designatorsArb }),
  fc.record({
    metric: fc.constant('total_flight_time_minutes'),
    type_designator: designatorsArb,
    window: fc.constant('last_12_months' as const),
  }),
  fc.record({ metric: fc.constantFrom(...ENGINE_METRICS), engine: fc.constantFrom<string>(...ENGINE_KEYS) }),
  fc.record({
    metric: fc.constantFrom(...FEATURE_METRICS),
    feature: fc.constantFrom(...EXPERIENCE_FEATURES),
  }),
);

/** How `at_least` is set: right at the figure, one either side of it, or anywhere in range. */
export type ThresholdPlan = { near: -1 | 0 | 1 } | { anywhere: number };

/** A requirement waiting for its threshold, which `withThresholds` sets once the figures are known. */
export type PlannedRequirement =
  { currency: Extract<SentRequirement, { currency: string }> } | { shape: Shape; plan: ThresholdPlan };

const planArb: fc.Arbitrary<ThresholdPlan> = fc.oneof(
  fc.record({ near: fc.constantFrom<-1 | 0 | 1>(-1, 0, 1) }),
  fc.record({
    anywhere: fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 100_000_000 })),
  }),
);

const currencyArb = fc
  .constantFrom(...Object.keys(GROUPS_OF_RULE))
  .chain((rule) =>
    fc.record({ currency: fc.constant(rule), group: fc.constantFrom(...GROUPS_OF_RULE[rule]!) }),
  );

/** 1 to 20 requirements with unique ids of the allowed characters. */
export const plannedRequirementsArb: fc.Arbitrary<{ id: string; planned: PlannedRequirement }[]> = fc
  .uniqueArray(fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/), { minLength: 1, maxLength: 20 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc
          .oneof(
            { weight: 4, arbitrary: fc.record({ shape: shapeArb, plan: planArb }) },
            { weight: 1, arbitrary: currencyArb.map((c) => ({ currency: { id, ...c } })) },
          )
          .map((planned: PlannedRequirement) => ({ id, planned })),
      ),
    ),
  );

/** The requirements as sent, each threshold set by its plan against the oracle's figure. */
export function withThresholds(
  planned: readonly { id: string; planned: PlannedRequirement }[],
  x: OracleExperience,
): SentRequirement[] {
  return planned.map(({ id, planned: p }) => {
    if ('currency' in p) return p.currency;
    const unset = { id, ...p.shape, at_least: 0 };
    const atLeast = 'near' in p.plan ? oracleFigure(unset, x) + p.plan.near : p.plan.anywhere;
    return { ...unset, at_least: Math.min(100_000_000, Math.max(0, atLeast)) };
  });
}
