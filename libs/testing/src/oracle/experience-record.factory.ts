import { type FlightMinutes, zeroFlightMinutes } from '@pft/contracts';
import { type ExperienceRecord } from './experience-record.oracle';

export interface RecordOver extends Omit<Partial<ExperienceRecord>, 'minutes' | 'aircraft' | 'landings'> {
  minutes?: Partial<FlightMinutes>;
  aircraft?: Partial<ExperienceRecord['aircraft']>;
  landings?: Partial<ExperienceRecord['landings']>;
}

/** A one-hour day flight in a single-engine piston land airplane; `over` replaces fields. */
export function experienceRecord(over: RecordOver = {}): ExperienceRecord {
  const { minutes, aircraft, landings, ...rest } = over;
  return {
    date: '2026-05-01',
    kind: 'flight',
    ...rest,
    aircraft: { category: 'airplane', rating_key: 'sep_land', ...aircraft },
    minutes: { ...zeroFlightMinutes(), total_flight_time: 60, pic: 60, single_engine: 60, ...minutes },
    landings: { day: 1, night: 0, ...landings },
  };
}

/** A simulator session: simulator minutes only, no takeoffs or landings. */
export function simulatorSession(over: RecordOver = {}): ExperienceRecord {
  const { minutes, aircraft, ...rest } = over;
  return {
    date: '2026-05-01',
    kind: 'simulator',
    ...rest,
    aircraft: { category: 'airplane', ...aircraft },
    minutes: { ...zeroFlightMinutes(), simulator: 120, ...minutes },
    landings: { day: 0, night: 0 },
  };
}

/** A night flight with `n` night takeoffs and `n` night landings, `fullStop` of them to a full stop. */
export const nightFlight = (
  date: string,
  n: number,
  fullStop: number,
  over: RecordOver = {},
): ExperienceRecord =>
  experienceRecord({
    date,
    takeoffs: { day: 0, night: n },
    landings: { day: 0, night: n, night_full_stop: fullStop },
    minutes: { night: 60 },
    ...over,
  });
