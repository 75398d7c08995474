import { type AircraftFeature, type Flight, type StartingTotals } from '@pft/contracts';
import { fixtureRandom, flightSeries, minutesOf, type FixtureRandom } from './fixture-flights';

/** The sandbox's documented pilots, by the last digit of their linking code. */
export const SANDBOX_FIXTURE_NUMBERS = [1, 2, 3, 4, 5] as const;
export type SandboxFixtureNumber = (typeof SANDBOX_FIXTURE_NUMBERS)[number];

export interface SandboxFixture {
  number: SandboxFixtureNumber;
  code: string;
  description: string;
  /** Recorded through the write path, in this order, when a partner's sandbox pilot is made or reset. */
  flights: readonly Flight[];
  startingTotals: StartingTotals | null;
}

const AIRFIELDS = ['EDFE', 'EDFM', 'EDFZ', 'EDFH', 'EDFB', 'EDGS', 'EDFV', 'EDRY'];
const HUBS = ['EDDF', 'EDDM', 'EDDH', 'EDDL', 'LOWW', 'LSZH', 'EHAM', 'LFPG', 'LEMD', 'LIRF', 'EKCH', 'ESSA'];

const route = (
  random: FixtureRandom,
  airports: readonly string[],
): { departure: string; arrival: string } => {
  const departure = random.pick(airports);
  const others = airports.filter((a) => a !== departure);
  return { departure, arrival: random.pick(others) };
};

/** The student's last flights: night circuits to a full stop and instrument approaches, one with a hold. */
const STUDENT_RECENT_FROM = 33;

/**
 * A student: dual lessons on a C172 and a PA28, then solo circuits and cross-countries; the last three
 * flights at night with approaches, so that on the date of the last (SANDBOX_CURRENT_AS_OF) the student
 * is current under every currency rule.
 */
function studentFlights(): Flight[] {
  const random = fixtureRandom(1001);
  return flightSeries(random, { count: 36, start: '2026-02-01', everyDays: [2, 6] }, (i) => {
    const total = random.int(35, 80);
    const solo = i >= 20;
    const crossCountry = i >= 28 && i % 2 === 0;
    const recent = i >= STUDENT_RECENT_FROM;
    const registration = random.pick(['D-ESTA', 'D-ESTB']);
    const route_ = crossCountry ? route(random, AIRFIELDS) : { departure: 'EDFE', arrival: 'EDFE' };
    const day = crossCountry ? 2 : random.int(3, 8);
    return {
      kind: 'flight',
      aircraft: {
        category: 'airplane',
        rating_key: 'sep_land',
        registration,
        type_designator: registration === 'D-ESTA' ? 'C172' : 'PA28',
        engine: 'piston',
        ...(registration === 'D-ESTA' ? { features: ['taa'] } : {}),
      },
      ...route_,
      minutes: minutesOf({
        total_flight_time: total,
        pic: solo ? total : 0,
        dual: solo ? 0 : total,
        single_engine: total,
        cross_country: crossCountry ? total : 0,
        night: recent ? Math.min(30, total) : 0,
        simulated_instrument: (!solo && i % 4 === 0) || recent ? Math.min(15, total) : 0,
      }),
      ...(recent
        ? {
            takeoffs: { day, night: 1 },
            landings: { day, night: 1, day_full_stop: 1, night_full_stop: 1 },
            approaches: 2,
            ...(i === 35 ? { holds: 1 } : {}),
          }
        : { landings: { day, night: 0 } }),
      remarks: solo ? 'solo' : 'dual instruction',
    };
  });
}

/** An airline captain: years of multi-pilot sectors on the A320 family and the B737, over an earlier career. */
function captainFlights(): Flight[] {
  const random = fixtureRandom(1002);
  return flightSeries(random, { count: 900, start: '2022-01-03', everyDays: [1, 2] }, (i) => {
    const total = random.int(55, 260);
    const commanding = i >= 300;
    const night = random.next() < 0.3 ? Math.min(total, random.int(20, 120)) : 0;
    const actual = random.next() < 0.4 ? Math.min(total, random.int(5, 40)) : 0;
    return {
      kind: 'flight',
      aircraft: {
        category: 'airplane',
        rating_key: i < 450 ? 'type_b737_300_900' : 'type_a320',
        registration: i < 450 ? 'D-ABKA' : 'D-AIZA',
        type_designator: i < 450 ? 'B738' : 'A320',
        engine: 'turbojet',
        features: ['complex', 'retractable_gear', 'pressurized', 'taa'],
      },
      ...route(random, HUBS),
      minutes: minutesOf({
        total_flight_time: total,
        pic: commanding ? total : 0,
        sic: commanding ? 0 : total,
        cross_country: total,
        night,
        actual_instrument: actual,
        multi_engine: total,
        multi_pilot: total,
      }),
      landings: night > 0 && random.next() < 0.5 ? { day: 0, night: 1 } : { day: 1, night: 0 },
    };
  });
}

const CAPTAIN_STARTING_TOTALS: StartingTotals = {
  totals: {
    total_flight_time_minutes: 150_000,
    pic_minutes: 30_000,
    sic_minutes: 114_000,
    dual_minutes: 6_000,
    instructor_minutes: 0,
    cross_country_minutes: 140_000,
    night_minutes: 35_000,
    actual_instrument_minutes: 9_000,
    simulated_instrument_minutes: 1_200,
    single_engine_minutes: 9_000,
    multi_engine_minutes: 141_000,
    multi_pilot_minutes: 135_000,
    simulator_minutes: 12_000,
  },
  landings: { total_day: 1_900, total_night: 310 },
  rating_breakdown: { sep_land: 9_000, mep_land: 6_000, type_b737_300_900: 135_000 },
  flight_count: 2_050,
};

const GA_TYPES = { sep_land: 'C172', sep_sea: 'C206', mep_land: 'PA34', tmg: 'SF25' } as const;
const MEP_FEATURES: AircraftFeature[] = ['complex', 'retractable_gear'];
const TAILWHEEL: AircraftFeature[] = ['tailwheel'];

/** General aviation: SEP land and sea, MEP, a touring motor glider, a helicopter and a sailplane. */
function generalAviationFlights(): Flight[] {
  const random = fixtureRandom(1003);
  const kinds = ['sep_land', 'sep_sea', 'mep_land', 'tmg', 'helicopter', 'sailplane'] as const;
  return flightSeries(random, { count: 48, start: '2025-04-05', everyDays: [3, 9] }, (i) => {
    const kind = kinds[i % kinds.length]!;
    const total = kind === 'sailplane' ? random.int(30, 240) : random.int(40, 150);
    const engines =
      kind === 'mep_land' ? { multi_engine: total } : kind === 'sailplane' ? {} : { single_engine: total };
    const aircraft =
      kind === 'helicopter' || kind === 'sailplane'
        ? {
            category: kind,
            registration: kind === 'helicopter' ? 'D-HGAA' : 'D-5123',
            type_designator: kind === 'helicopter' ? 'R44' : 'DG80',
            ...(kind === 'helicopter' ? { engine: 'piston' as const } : {}),
          }
        : {
            category: 'airplane' as const,
            rating_key: kind,
            registration: `D-${kind === 'mep_land' ? 'G' : 'E'}GA${i % 3}`,
            type_designator: GA_TYPES[kind],
            // The engine left out where the rating key says piston: counted as piston all the same.
            ...(kind === 'mep_land' ? { features: MEP_FEATURES } : {}),
            ...(kind === 'sep_land' && i % 4 === 0 ? { features: TAILWHEEL } : {}),
          };
    return {
      kind: 'flight',
      aircraft,
      ...route(random, AIRFIELDS),
      minutes: minutesOf({
        total_flight_time: total,
        pic: total,
        cross_country: i % 3 === 0 ? total : 0,
        night: kind === 'mep_land' && i % 4 === 0 ? Math.min(total, 30) : 0,
        ...engines,
      }),
      landings: { day: kind === 'sailplane' ? 1 : random.int(1, 4), night: 0 },
      ...(kind === 'mep_land' ? { approaches: 1 } : {}),
    };
  });
}

/** A pilot who carried hours over from a paper logbook and has recorded nothing since. */
const STARTING_ONLY_TOTALS: StartingTotals = {
  totals: {
    total_flight_time_minutes: 24_000,
    pic_minutes: 18_000,
    sic_minutes: 0,
    dual_minutes: 6_000,
    instructor_minutes: 0,
    cross_country_minutes: 9_000,
    night_minutes: 1_200,
    actual_instrument_minutes: 300,
    simulated_instrument_minutes: 900,
    single_engine_minutes: 20_000,
    multi_engine_minutes: 4_000,
    multi_pilot_minutes: 0,
    simulator_minutes: 600,
  },
  landings: { total_day: 520, total_night: 14 },
  rating_breakdown: { sep_land: 20_000, mep_land: 4_000 },
  flight_count: 310,
};

const code = (n: number): string => `PFT-TEST-0000-0000-000${n}`;

/**
 * The documented date on which the student (fixture 1, `PFT-TEST-0000-0000-0001`) is current under every
 * currency rule (GET /v1/currency-rules): the date of the student's last flight.
 */
export const SANDBOX_CURRENT_FIXTURE = { number: 1, asOf: '2026-06-25' } as const;

function buildFixtures(): ReadonlyMap<SandboxFixtureNumber, SandboxFixture> {
  const fixtures: SandboxFixture[] = [
    {
      number: 1,
      code: code(1),
      description:
        'Student pilot: a few dozen SEP land flights, dual and solo; current under every currency rule as of 2026-06-25',
      flights: studentFlights(),
      startingTotals: null,
    },
    {
      number: 2,
      code: code(2),
      description: 'Airline captain: thousands of hours, multi-pilot, A320 and B737 type ratings',
      flights: captainFlights(),
      startingTotals: CAPTAIN_STARTING_TOTALS,
    },
    {
      number: 3,
      code: code(3),
      description: 'General aviation: SEP land and sea, MEP, TMG, helicopter and sailplane time',
      flights: generalAviationFlights(),
      startingTotals: null,
    },
    {
      number: 4,
      code: code(4),
      description: 'Starting totals only, no flights on record',
      flights: [],
      startingTotals: STARTING_ONLY_TOTALS,
    },
    { number: 5, code: code(5), description: 'No flights at all', flights: [], startingTotals: null },
  ];
  return new Map(fixtures.map((f) => [f.number, f]));
}

let fixtures: ReadonlyMap<SandboxFixtureNumber, SandboxFixture> | undefined;

/** The fixture; built once, on first use (the captain's logbook is a few hundred kilobytes). */
export function sandboxFixture(number: SandboxFixtureNumber): SandboxFixture {
  fixtures ??= buildFixtures();
  return fixtures.get(number)!;
}

/** The code that always answers INVALID_TOKEN, so a partner can test its error path. */
export const SANDBOX_INVALID_CODE = code(9);

const SANDBOX_CODE = /^PFT-TEST-0000-0000-000([1-5])$/;

/**
 * The fixture a sandbox linking code names (compared as live codes are: case-insensitively, surrounding
 * whitespace trimmed), or null for every other string, 0009 included.
 */
export function sandboxFixtureOfCode(token: string): SandboxFixtureNumber | null {
  const match = SANDBOX_CODE.exec(token.trim().toUpperCase());
  return match ? (Number(match[1]) as SandboxFixtureNumber) : null;
}
