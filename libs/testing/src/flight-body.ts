import { randomUUID } from 'node:crypto';
import { type Flight, type StartingTotals } from '@pft/contracts';
import { parseFlight } from '@pft/logbook/domain';

/** A valid airplane flight as the pilot app sends it, with a new flight_id; `over` replaces fields. */
export function flightBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    flight_id: randomUUID(),
    date: '2026-05-01',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
    departure: 'EDDF',
    arrival: 'EDFE',
    minutes: { total_flight_time: 95, pic: 95, cross_country: 95, actual_instrument: 10, single_engine: 95 },
    landings: { day: 1, night: 0 },
    ...over,
  };
}

/**
 * A flight complete as the write side stores it: flightBody(over) parsed as the pilot app's POST
 * parses it on `today`. A body the rules refuse fails the caller at once, with why.
 */
export function storedFlight(over: Record<string, unknown> = {}, today = '2026-11-22'): Flight {
  const parsed = parseFlight(flightBody(over), today);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

/**
 * Starting totals as the pilot app sends them, every field given: years of single-engine flying carried
 * over from an earlier logbook. A new object each call.
 */
export function startingTotalsBody(): StartingTotals {
  return {
    totals: {
      total_flight_time_minutes: 6000,
      pic_minutes: 3000,
      sic_minutes: 0,
      dual_minutes: 600,
      instructor_minutes: 0,
      cross_country_minutes: 1200,
      night_minutes: 120,
      actual_instrument_minutes: 60,
      simulated_instrument_minutes: 30,
      single_engine_minutes: 6000,
      multi_engine_minutes: 0,
      multi_pilot_minutes: 0,
      simulator_minutes: 0,
    },
    landings: { total_day: 300, total_night: 12 },
    rating_breakdown: { sep_land: 6000 },
    flight_count: 250,
  };
}
