/// <reference types="jest" />
import { requirementText } from './requirement-text';

describe('a requirement of a partner check, in words for the pilot', () => {
  it('says each kind of the example check of pilot-experience.md §5', () => {
    expect(
      [
        { id: 'tt', metric: 'total_flight_time_minutes', at_least: 90000 },
        { id: 'me_recent', metric: 'multi_engine_minutes', window: 'last_12_months', at_least: 600 },
        { id: 'b738_pic', metric: 'pic_minutes', type_designator: 'B738', at_least: 30000 },
        { id: 'turbine', metric: 'total_flight_time_minutes', engine: 'turbine', at_least: 60000 },
        { id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' },
      ].map(requirementText),
    ).toEqual([
      'Total flight time, at least 1500:00',
      'Multi-engine, last 12 months, at least 10:00',
      'PIC, type B738, at least 500:00',
      'Total flight time, engine turbine (all three), at least 1000:00',
      'Current under Passengers at night: 3 night takeoffs and 3 night full-stop landings in 90 days (14 CFR 61.57(b)), Airplane single-engine land',
    ]);
  });

  it('counts as numbers, several types with a window, a feature', () => {
    expect(requirementText({ metric: 'landings_night', at_least: 3 })).toBe('Night landings, at least 3');
    expect(
      requirementText({
        metric: 'total_flight_time_minutes',
        type_designator: ['B737', 'B738'],
        window: 'last_12_months',
        at_least: 120,
      }),
    ).toBe('Total flight time, types B737, B738, last 12 months, at least 2:00');
    expect(requirementText({ metric: 'pic_minutes', feature: 'tailwheel', at_least: 600 })).toBe(
      'PIC, feature tailwheel, at least 10:00',
    );
  });

  it('shows a requirement it cannot read as it was sent', () => {
    expect(requirementText({ id: 'x', metric: 'glider_launches', at_least: 5 })).toBe(
      '{"id":"x","metric":"glider_launches","at_least":5}',
    );
  });
});
