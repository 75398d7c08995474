import { type AircraftFeature, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { addStartingTotals } from '../flight-contribution';
import { lastFlightDateOf, pilotTotalsOf } from '../pilot-totals.fold';
import {
  byAircraftType,
  byEngine,
  byFeature,
  type AircraftTypeEntry,
  type EngineEntry,
  type EngineKey,
  type FeatureEntry,
} from './breakdowns';
import { currencyAsOf, type CurrencyEntry } from './currency';
import { countedRecordOf, type CountedRecord, type ExperienceRecord } from './experience-record';
import { tallyOf, windowsAsOf, type WindowExperience, type WindowName } from './windows';

/** The lifetime totals of partner API 2.4 as of the date, with what the experience adds. */
export interface LifetimeExperience extends PilotTotals {
  takeoffs: { day: number; night: number };
  approaches: number;
  holds: number;
}

/** A pilot's experience as of a date (`pilot-experience.md` 2), without the reader's envelope fields. */
export interface Experience {
  as_of: string;
  lifetime: LifetimeExperience;
  windows: Record<WindowName, WindowExperience>;
  by_aircraft_type: AircraftTypeEntry[];
  by_engine: Record<EngineKey, EngineEntry>;
  by_feature: Record<AircraftFeature, FeatureEntry>;
  currency: CurrencyEntry[];
}

/**
 * The lifetime object (2.1): the totals by `logbook-rules.md` over the records and the starting
 * totals, which add nothing to takeoffs, approaches and holds.
 */
export function lifetimeOf(
  records: readonly CountedRecord[],
  startingTotals: StartingTotals | null,
): LifetimeExperience {
  const tally = tallyOf(records);
  if (startingTotals) addStartingTotals(tally.sums, startingTotals, 1);
  return {
    ...pilotTotalsOf(tally.sums, lastFlightDateOf(records.map((record) => record.facts))),
    takeoffs: tally.takeoffs,
    approaches: tally.approaches,
    holds: tally.holds,
  };
}

/**
 * A pilot's experience as of `asOf` (`YYYY-MM-DD`), a pure function of the current records
 * (recorded, not deleted, latest amendment) and the starting totals: records dated after `asOf`
 * count nowhere.
 */
export function experienceAsOf(
  records: readonly ExperienceRecord[],
  startingTotals: StartingTotals | null,
  asOf: string,
): Experience {
  const counted = records.filter((record) => record.date <= asOf).map(countedRecordOf);
  return {
    as_of: asOf,
    lifetime: lifetimeOf(counted, startingTotals),
    windows: windowsAsOf(counted, asOf),
    by_aircraft_type: byAircraftType(counted, asOf),
    by_engine: byEngine(counted),
    by_feature: byFeature(counted),
    currency: currencyAsOf(counted, asOf),
  };
}
