import { ENTERED_TOTALS_FIELDS, type StartingTotals } from '@pft/contracts';
import { experienceRecord, nightFlight, simulatorSession } from '@pft/testing/oracle';
import { experienceAsOf, type Experience } from '../experience/experience';
import { checkRequirements } from './check-requirements';
import { parseRequirements } from './parse-requirements';
import { REQUIREMENT_METRICS } from './requirement';

const AS_OF = '2026-12-01';
const starting: StartingTotals = {
  totals: Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, 1000])) as StartingTotals['totals'],
  landings: { total_day: 500, total_night: 50 },
  rating_breakdown: { sep_land: 1000 },
  flight_count: 300,
};
const jet = { category: 'airplane' as const, rating_key: 'type_b737_300_900', engine: 'turbojet' as const };
const records = [
  experienceRecord({
    date: '2026-08-01',
    aircraft: { ...jet, type_designator: 'B738', features: ['pressurized'] },
    minutes: {
      total_flight_time: 180,
      pic: 120,
      sic: 60,
      single_engine: 0,
      multi_engine: 180,
      multi_pilot: 180,
    },
    approaches: 2,
  }),
  experienceRecord({
    date: '2025-06-01',
    aircraft: { ...jet, type_designator: 'B737', features: ['pressurized'] },
    minutes: {
      total_flight_time: 100,
      pic: 0,
      sic: 100,
      single_engine: 0,
      multi_engine: 100,
      multi_pilot: 100,
    },
  }),
  experienceRecord({
    date: '2026-11-20',
    aircraft: { type_designator: 'C172' },
    landings: { day: 2, night: 0 },
  }),
  nightFlight('2026-11-25', 3, 3, { aircraft: { type_designator: 'C172' } }),
  simulatorSession({ date: '2026-10-01', approaches: 3, holds: 1 }),
];
const experience = experienceAsOf(records, starting, AS_OF);

/** Whether one requirement, as a partner sends it, is met. */
function met(requirement: Record<string, unknown>, over: Experience = experience): boolean {
  const parsed = parseRequirements([{ id: 'r', ...requirement }]);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const [verdict] = checkRequirements('p', parsed.requirements, over).results;
  return verdict!.met;
}

/** Met at the figure and one below it, not met one above; at 0 always met. */
function expectBoundaryAt(requirement: Record<string, unknown>, figure: number): void {
  expect(met({ ...requirement, at_least: figure })).toBe(true);
  expect(met({ ...requirement, at_least: figure + 1 })).toBe(false);
  if (figure > 0) expect(met({ ...requirement, at_least: figure - 1 })).toBe(true);
  expect(met({ ...requirement, at_least: 0 })).toBe(true);
}

describe('checkRequirements: thresholds at their boundary', () => {
  it('reads lifetime figures, starting totals included', () => {
    expectBoundaryAt({ metric: 'total_flight_time_minutes' }, 1000 + 180 + 100 + 60 + 60);
    expectBoundaryAt({ metric: 'pic_minutes' }, 1000 + 120 + 0 + 60 + 60);
    expectBoundaryAt({ metric: 'simulator_minutes' }, 1000 + 120);
    expectBoundaryAt({ metric: 'flight_count' }, 300 + 4);
    expectBoundaryAt({ metric: 'landings_day' }, 500 + 1 + 1 + 2);
    expectBoundaryAt({ metric: 'landings_night' }, 50 + 3);
    expectBoundaryAt({ metric: 'approaches' }, 2 + 3);
  });

  it('reads every metric where the experience read shows it', () => {
    const lifetime = experience.lifetime;
    const figures: Record<string, number> = {
      ...lifetime.totals,
      flight_count: lifetime.flight_count,
      landings_day: lifetime.landings.total_day,
      landings_night: lifetime.landings.total_night,
      approaches: lifetime.approaches,
    };
    for (const metric of REQUIREMENT_METRICS) expectBoundaryAt({ metric }, figures[metric]!);
    for (const [window, read] of Object.entries(experience.windows)) {
      const inWindow: Record<string, number> = {
        ...read.totals,
        flight_count: read.flight_count,
        landings_day: read.landings.day,
        landings_night: read.landings.night,
        approaches: read.approaches,
      };
      for (const metric of REQUIREMENT_METRICS) expectBoundaryAt({ metric, window }, inWindow[metric]!);
    }
  });

  it('reads windows without starting totals', () => {
    expectBoundaryAt({ metric: 'total_flight_time_minutes', window: 'last_90_days' }, 60 + 60);
    expectBoundaryAt({ metric: 'total_flight_time_minutes', window: 'last_12_months' }, 180 + 60 + 60);
    expectBoundaryAt({ metric: 'total_flight_time_minutes', window: 'last_24_months' }, 180 + 100 + 60 + 60);
    expectBoundaryAt({ metric: 'approaches', window: 'last_90_days' }, 3);
    expectBoundaryAt({ metric: 'approaches', window: 'last_6_months' }, 2 + 3);
    expectBoundaryAt({ metric: 'landings_night', window: 'last_6_months' }, 3);
  });

  it('sums the listed type designators, a type never flown adding nothing', () => {
    expectBoundaryAt({ metric: 'total_flight_time_minutes', type_designator: 'B738' }, 180);
    expectBoundaryAt({ metric: 'total_flight_time_minutes', type_designator: ['B737', 'B738', 'B739'] }, 280);
    expectBoundaryAt({ metric: 'pic_minutes', type_designator: ['B737', 'B738'] }, 120);
    expectBoundaryAt({ metric: 'sic_minutes', type_designator: ['B737', 'B738'] }, 160);
    expectBoundaryAt({ metric: 'flight_count', type_designator: ['B737', 'B738', 'C172'] }, 4);
    expectBoundaryAt({ metric: 'total_flight_time_minutes', type_designator: 'A320' }, 0);
  });

  it('reads last_12_months for type designators with that window', () => {
    expectBoundaryAt(
      { metric: 'total_flight_time_minutes', type_designator: ['B737', 'B738'], window: 'last_12_months' },
      180,
    );
  });

  it('reads the engine breakdown, turbine included', () => {
    expectBoundaryAt({ metric: 'total_flight_time_minutes', engine: 'turbine' }, 280);
    expectBoundaryAt({ metric: 'multi_engine_minutes', engine: 'turbojet' }, 280);
    expectBoundaryAt({ metric: 'sic_minutes', engine: 'turbine' }, 160);
    expectBoundaryAt({ metric: 'pic_minutes', engine: 'piston' }, 120);
    expectBoundaryAt({ metric: 'flight_count', engine: 'piston' }, 2);
    expectBoundaryAt({ metric: 'flight_count', engine: 'electric' }, 0);
  });

  it('reads the feature breakdown', () => {
    expectBoundaryAt({ metric: 'total_flight_time_minutes', feature: 'pressurized' }, 280);
    expectBoundaryAt({ metric: 'pic_minutes', feature: 'pressurized' }, 120);
    expectBoundaryAt({ metric: 'flight_count', feature: 'pressurized' }, 2);
    expectBoundaryAt({ metric: 'flight_count', feature: 'tailwheel' }, 0);
  });
});

describe('checkRequirements: currency', () => {
  it('is met when the entry is current, not met when it is not or there is none', () => {
    expect(met({ currency: 'faa_61_57_b', group: 'airplane_sel' })).toBe(true);
    expect(met({ currency: 'faa_61_57_a', group: 'airplane_sel' })).toBe(true);
    expect(met({ currency: 'easa_fcl_060_b2', group: 'sep_land' })).toBe(true);
    // An entry, not current: one flight in the type's group is short of three takeoffs.
    expect(experience.currency).toContainEqual(
      expect.objectContaining({ rule: 'faa_61_57_a', group: 'type_b737_300_900', status: 'not_current' }),
    );
    expect(met({ currency: 'faa_61_57_a', group: 'type_b737_300_900' })).toBe(false);
    // A group of the rule in which the pilot has no entry.
    expect(met({ currency: 'faa_61_57_b', group: 'helicopter' })).toBe(false);
  });

  it('follows the counts: 61.57(b) needs three night full-stop landings', () => {
    const short = experienceAsOf([nightFlight('2026-11-25', 3, 2)], null, AS_OF);
    expect(met({ currency: 'faa_61_57_b', group: 'airplane_sel' }, short)).toBe(false);
    const enough = experienceAsOf([nightFlight('2026-11-25', 3, 3)], null, AS_OF);
    expect(met({ currency: 'faa_61_57_b', group: 'airplane_sel' }, enough)).toBe(true);
  });
});

describe('checkRequirements: the answer', () => {
  it('lists results in the order sent, with all_met, the pilot and the date', () => {
    const parsed = parseRequirements([
      { id: 'z', metric: 'flight_count', at_least: 1 },
      { id: 'a', metric: 'flight_count', at_least: 1_000 },
      { id: 'm', currency: 'faa_61_57_b', group: 'airplane_sel' },
    ]);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(checkRequirements('pilot-1', parsed.requirements, experience)).toEqual({
      pilot_id: 'pilot-1',
      as_of: AS_OF,
      results: [
        { id: 'z', met: true },
        { id: 'a', met: false },
        { id: 'm', met: true },
      ],
      all_met: false,
    });
    const allMet = checkRequirements('pilot-1', parsed.requirements.slice(0, 1), experience);
    expect(allMet.all_met).toBe(true);
  });
});
