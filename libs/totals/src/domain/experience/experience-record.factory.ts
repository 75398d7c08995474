import { zeroFlightMinutes, type FlightMinutes } from '@pft/contracts';
import { countedRecordOf, type CountedRecord, type ExperienceRecord } from './experience-record';

/** Test data: an hour's day flight in a single-engine piston airplane, with one landing, unless told. */
export function experienceRecord(
  over: Partial<Omit<ExperienceRecord, 'minutes' | 'aircraft'>> & {
    minutes?: Partial<FlightMinutes>;
    aircraft?: Partial<ExperienceRecord['aircraft']>;
  } = {},
): ExperienceRecord {
  const { minutes, aircraft, ...rest } = over;
  return {
    date: '2026-06-01',
    kind: 'flight',
    landings: { day: 1, night: 0 },
    ...rest,
    aircraft: { category: 'airplane', rating_key: 'sep_land', ...aircraft },
    minutes: { ...zeroFlightMinutes(), total_flight_time: 60, pic: 60, single_engine: 60, ...minutes },
  };
}

/** A simulator session of an hour, with no landings, unless told. */
export function simulatorSession(over: Parameters<typeof experienceRecord>[0] = {}): ExperienceRecord {
  return experienceRecord({
    kind: 'simulator',
    landings: { day: 0, night: 0 },
    ...over,
    minutes: { total_flight_time: 0, pic: 0, single_engine: 0, simulator: 60, ...over.minutes },
  });
}

export const counted = (...records: ExperienceRecord[]): CountedRecord[] => records.map(countedRecordOf);
