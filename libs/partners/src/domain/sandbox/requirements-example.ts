import { type SandboxFixtureNumber } from './fixture-pilots';

/**
 * The sandbox's documented requirement check (`POST /v1/pilot-requirements/check`): a flying club's
 * conditions for renting a C172 to carry passengers. As of `asOf`, the student (`PFT-TEST-0000-0000-0001`)
 * meets every one, and the general aviation pilot (`0003`) every one but `current`: its last landings in
 * an SEP land airplane are more than 90 days before.
 */
export const SANDBOX_REQUIREMENTS_EXAMPLE = {
  asOf: '2026-06-25',
  requirements: [
    { id: 'total_30h', metric: 'total_flight_time_minutes', at_least: 1800 },
    { id: 'pic_10h', metric: 'pic_minutes', at_least: 600 },
    { id: 'recent_10h', metric: 'total_flight_time_minutes', window: 'last_12_months', at_least: 600 },
    { id: 'c172_10h', metric: 'total_flight_time_minutes', type_designator: ['C172', 'C182'], at_least: 600 },
    { id: 'piston_pic_5h', metric: 'pic_minutes', engine: 'piston', at_least: 300 },
    { id: 'current', currency: 'faa_61_57_a', group: 'airplane_sel' },
  ],
  /** The fixture that meets every requirement. */
  meetsAll: 1 as SandboxFixtureNumber,
  /** The fixture that meets all but one, and that one's id. */
  failsOne: { number: 3 as SandboxFixtureNumber, id: 'current' },
} as const;
