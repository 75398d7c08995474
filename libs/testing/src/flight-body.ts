import { randomUUID } from 'node:crypto';
import { type Flight } from '@pft/contracts';
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
