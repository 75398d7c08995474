import { ENGINE_KEYS, EXPERIENCE_FEATURES } from '@pft/testing/oracle';
import { parseRequirements } from './parse-requirements';

const threshold = (extra: Record<string, unknown>): Record<string, unknown> => ({
  id: 'a',
  metric: 'total_flight_time_minutes',
  at_least: 60,
  ...extra,
});

function issuesOf(requirement: Record<string, unknown>): { field: string; issue: string }[] {
  const parsed = parseRequirements([requirement]);
  if (parsed.ok) throw new Error('expected the requirement to be refused');
  return parsed.issues.map(({ field, issue }) => ({ field, issue }));
}

function scopeOf(requirement: Record<string, unknown>): unknown {
  const parsed = parseRequirements([requirement]);
  if (!parsed.ok) throw new Error(`expected acceptance, got ${JSON.stringify(parsed.issues)}`);
  const [first] = parsed.requirements;
  return first?.kind === 'threshold' ? first.scope : first;
}

describe('parseRequirements: type designators', () => {
  it('takes one designator or a list of them, as a list', () => {
    expect(scopeOf(threshold({ metric: 'pic_minutes', type_designator: 'B738' }))).toEqual({
      kind: 'aircraft_type',
      type_designators: ['B738'],
      metric: 'pic_minutes',
    });
    const b737s = ['B733', 'B734', 'B735', 'B736', 'B737', 'B738', 'B739'];
    expect(scopeOf(threshold({ type_designator: b737s }))).toEqual({
      kind: 'aircraft_type',
      type_designators: b737s,
      metric: 'total_flight_time_minutes',
    });
  });

  it('takes the breakdown metrics only', () => {
    for (const metric of ['total_flight_time_minutes', 'pic_minutes', 'sic_minutes', 'flight_count']) {
      expect(scopeOf(threshold({ metric, type_designator: 'C172' }))).toMatchObject({ metric });
    }
    for (const metric of ['multi_engine_minutes', 'night_minutes', 'landings_day', 'approaches']) {
      expect(issuesOf(threshold({ metric, type_designator: 'C172' }))).toEqual([
        { field: 'requirements[0].metric', issue: 'not_allowed' },
      ]);
    }
  });

  it('adds last_12_months with total flight time only', () => {
    expect(scopeOf(threshold({ type_designator: ['A320'], window: 'last_12_months' }))).toEqual({
      kind: 'aircraft_type_last_12_months',
      type_designators: ['A320'],
    });
    expect(issuesOf(threshold({ type_designator: 'A320', window: 'last_90_days' }))).toEqual([
      { field: 'requirements[0].window', issue: 'not_allowed' },
    ]);
    expect(
      issuesOf(threshold({ metric: 'pic_minutes', type_designator: 'A320', window: 'last_12_months' })),
    ).toEqual([{ field: 'requirements[0].metric', issue: 'not_allowed' }]);
  });

  it('refuses a bad designator, naming it in the list', () => {
    for (const bad of ['b738', '7378', 'B', 'B7370', '']) {
      expect(issuesOf(threshold({ type_designator: bad }))).toEqual([
        { field: 'requirements[0].type_designator', issue: 'invalid_format' },
      ]);
    }
    expect(issuesOf(threshold({ type_designator: ['B738', 'b739', 42, 'B738'] }))).toEqual([
      { field: 'requirements[0].type_designator[1]', issue: 'invalid_format' },
      { field: 'requirements[0].type_designator[2]', issue: 'wrong_type' },
      { field: 'requirements[0].type_designator[3]', issue: 'duplicate' },
    ]);
    expect(issuesOf(threshold({ type_designator: [] }))).toEqual([
      { field: 'requirements[0].type_designator', issue: 'empty' },
    ]);
    expect(issuesOf(threshold({ type_designator: { B738: true } }))).toEqual([
      { field: 'requirements[0].type_designator', issue: 'wrong_type' },
    ]);
  });
});

describe('parseRequirements: engine and feature', () => {
  it('takes every engine key, turbine included, with the engine metrics only', () => {
    for (const engine of ENGINE_KEYS) {
      expect(scopeOf(threshold({ metric: 'multi_engine_minutes', engine }))).toEqual({
        kind: 'engine',
        engine,
        metric: 'multi_engine_minutes',
      });
    }
    expect(issuesOf(threshold({ engine: 'jet' }))).toEqual([
      { field: 'requirements[0].engine', issue: 'invalid_value' },
    ]);
    expect(issuesOf(threshold({ metric: 'night_minutes', engine: 'turbine' }))).toEqual([
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
  });

  it('takes every feature with the feature metrics only', () => {
    for (const feature of EXPERIENCE_FEATURES) {
      expect(scopeOf(threshold({ metric: 'flight_count', feature }))).toEqual({
        kind: 'feature',
        feature,
        metric: 'flight_count',
      });
    }
    expect(issuesOf(threshold({ feature: 'glass' }))).toEqual([
      { field: 'requirements[0].feature', issue: 'invalid_value' },
    ]);
    expect(issuesOf(threshold({ metric: 'sic_minutes', feature: 'taa' }))).toEqual([
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
  });

  it('refuses more than one filter', () => {
    expect(issuesOf(threshold({ engine: 'piston', feature: 'taa' }))).toEqual([
      { field: 'requirements[0].feature', issue: 'conflict' },
    ]);
    expect(issuesOf(threshold({ type_designator: 'C172', engine: 'piston' }))).toEqual([
      { field: 'requirements[0].engine', issue: 'conflict' },
    ]);
    expect(issuesOf(threshold({ window: 'last_90_days', engine: 'piston' }))).toEqual([
      { field: 'requirements[0].window', issue: 'conflict' },
    ]);
    expect(issuesOf(threshold({ window: 'last_12_months', feature: 'taa' }))).toEqual([
      { field: 'requirements[0].window', issue: 'conflict' },
    ]);
  });
});

describe('parseRequirements: every problem of one requirement', () => {
  it('names a metric or window the filter does not take beside a bad id, threshold or filter value', () => {
    expect(issuesOf(threshold({ metric: 'approaches', type_designator: 'C172', at_least: -1 }))).toEqual([
      { field: 'requirements[0].at_least', issue: 'out_of_range' },
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
    expect(issuesOf({ metric: 'night_minutes', engine: 'piston', at_least: 1 })).toEqual([
      { field: 'requirements[0].id', issue: 'required' },
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
    expect(issuesOf(threshold({ metric: 'approaches', engine: 'jet' }))).toEqual([
      { field: 'requirements[0].engine', issue: 'invalid_value' },
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
    expect(issuesOf(threshold({ metric: 'sic_minutes', feature: 'glass' }))).toEqual([
      { field: 'requirements[0].feature', issue: 'invalid_value' },
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
    expect(issuesOf(threshold({ type_designator: 'c172', window: 'last_90_days' }))).toEqual([
      { field: 'requirements[0].type_designator', issue: 'invalid_format' },
      { field: 'requirements[0].window', issue: 'not_allowed' },
    ]);
    expect(
      issuesOf(threshold({ metric: 'pic_minutes', type_designator: [], window: 'last_12_months' })),
    ).toEqual([
      { field: 'requirements[0].type_designator', issue: 'empty' },
      { field: 'requirements[0].metric', issue: 'not_allowed' },
    ]);
  });

  it('names the window beside two filters as a conflict too', () => {
    expect(issuesOf(threshold({ window: 'last_90_days', engine: 'piston', feature: 'taa' }))).toEqual([
      { field: 'requirements[0].feature', issue: 'conflict' },
      { field: 'requirements[0].window', issue: 'conflict' },
    ]);
  });
});

describe('parseRequirements: currency', () => {
  const currency = (rule: string, group: unknown): Record<string, unknown> => ({
    id: 'c',
    currency: rule,
    group,
  });

  it('takes each rule with a group of its own', () => {
    for (const [rule, group] of [
      ['faa_61_57_a', 'airplane_sel'],
      ['faa_61_57_b', 'helicopter'],
      ['faa_61_57_b', 'tmg'],
      ['faa_61_57_a', 'type_b737_300_900'],
      ['easa_fcl_060_b1', 'type_b737_300_900'],
      ['faa_61_57_c', 'airplane'],
      ['easa_fcl_060_b1', 'sep_land'],
      ['easa_fcl_060_b2', 'mep_land'],
    ]) {
      expect(scopeOf(currency(rule!, group))).toEqual({ kind: 'currency', id: 'c', rule, group });
    }
  });

  it('refuses a group that is not one of the rule, and an unknown rule', () => {
    for (const [rule, group] of [
      ['faa_61_57_a', 'sep_land'],
      ['faa_61_57_c', 'airplane_sel'],
      ['easa_fcl_060_b1', 'airplane_sel'],
      ['easa_fcl_060_b1', 'helicopter'],
      ['faa_61_57_b', 'type_nope'],
    ]) {
      expect(issuesOf(currency(rule!, group))).toEqual([
        { field: 'requirements[0].group', issue: 'invalid_value' },
      ]);
    }
    expect(issuesOf(currency('faa_61_56', 'airplane_sel'))).toEqual([
      { field: 'requirements[0].currency', issue: 'invalid_value' },
    ]);
  });

  it('refuses a missing group, a threshold field beside the rule, and a metric with it', () => {
    expect(issuesOf({ id: 'c', currency: 'faa_61_57_a' })).toEqual([
      { field: 'requirements[0].group', issue: 'required' },
    ]);
    expect(issuesOf({ ...currency('faa_61_57_a', 'tmg'), at_least: 3 })).toEqual([
      { field: 'requirements[0].at_least', issue: 'unknown_field' },
    ]);
    expect(issuesOf({ ...currency('faa_61_57_a', 'tmg'), metric: 'pic_minutes' })).toEqual([
      { field: 'requirements[0].currency', issue: 'conflict' },
    ]);
  });
});
