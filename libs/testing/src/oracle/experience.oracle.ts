import { type PilotTotals, type StartingTotals } from '@pft/contracts';
import { firstOfDaysEndingOn, firstOfMonthsEndingOn, isWithin, parsePlainDate } from './calendar.oracle';
import { type CurrencyEntry, oracleCurrency } from './currency.oracle';
import {
  EXPERIENCE_ENGINES,
  EXPERIENCE_FEATURES,
  type ExperienceEngine,
  type ExperienceRecord,
  type ExperienceFeature,
  asTotalsFlight,
  countsOf,
  engineOf,
  hasFeature,
} from './experience-record.oracle';
import { oracleTotals } from './totals.oracle';

/**
 * The experience of a pilot as of a date (pilot-experience.md section 2), computed from scratch
 * from the spec alone: every figure is a filter of the records followed by a plain sum. Written
 * apart from libs/totals (no imports from it) so that a shared mistake is unlikely.
 */
export interface ExperienceLogbook {
  records: readonly ExperienceRecord[];
  starting: StartingTotals | null;
}

export interface OracleCounts {
  takeoffs: { day: number; night: number };
  approaches: number;
  holds: number;
}

export type OracleLifetime = PilotTotals & OracleCounts;

export interface OracleWindow extends OracleCounts {
  from: string;
  to: string;
  totals: PilotTotals['totals'];
  landings: { day: number; night: number };
  flight_count: number;
}

/** Every engine key of by_engine, in the spec's order. */
export const ENGINE_KEYS = [...EXPERIENCE_ENGINES, 'unknown', 'turbine'] as const;

export const WINDOW_NAMES = ['last_90_days', 'last_6_months', 'last_12_months', 'last_24_months'] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];

export interface OracleAircraftTypeEntry {
  type_designator: string;
  total_flight_time_minutes: number;
  pic_minutes: number;
  sic_minutes: number;
  last_12_months_minutes: number;
  flight_count: number;
  last_flight_date: string;
}

export interface OracleEngineEntry {
  total_flight_time_minutes: number;
  pic_minutes: number;
  sic_minutes: number;
  multi_engine_minutes: number;
  flight_count: number;
}

export interface OracleFeatureEntry {
  total_flight_time_minutes: number;
  pic_minutes: number;
  flight_count: number;
}

export interface OracleExperience {
  as_of: string;
  lifetime: OracleLifetime;
  windows: Record<WindowName, OracleWindow>;
  by_aircraft_type: OracleAircraftTypeEntry[];
  by_engine: Record<ExperienceEngine | 'unknown' | 'turbine', OracleEngineEntry>;
  by_feature: Record<ExperienceFeature, OracleFeatureEntry>;
  currency: CurrencyEntry[];
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const isFlight = (record: ExperienceRecord): boolean => record.kind === 'flight';

function countsOver(records: readonly ExperienceRecord[]): OracleCounts {
  const counts = records.map(countsOf);
  return {
    takeoffs: {
      day: sum(counts.map((c) => c.takeoffs_day)),
      night: sum(counts.map((c) => c.takeoffs_night)),
    },
    approaches: sum(counts.map((c) => c.approaches)),
    holds: sum(counts.map((c) => c.holds)),
  };
}

function lifetimeOf(records: readonly ExperienceRecord[], starting: StartingTotals | null): OracleLifetime {
  // The totals oracle applies logbook-rules.md; the starting totals add nothing to the three counts.
  const totals = oracleTotals({ flights: records.map(asTotalsFlight), starting });
  return { ...totals, ...countsOver(records) };
}

/** The window's first date for D (section 2.2). */
export function windowFrom(name: WindowName, asOf: string): string {
  switch (name) {
    case 'last_90_days':
      return firstOfDaysEndingOn(asOf, 90);
    case 'last_6_months':
      return firstOfMonthsEndingOn(asOf, 6);
    case 'last_12_months':
      return firstOfMonthsEndingOn(asOf, 12);
    case 'last_24_months':
      return firstOfMonthsEndingOn(asOf, 24);
  }
}

function windowOf(name: WindowName, records: readonly ExperienceRecord[], asOf: string): OracleWindow {
  const from = windowFrom(name, asOf);
  const inWindow = records.filter((r) => isWithin(r.date, from, asOf));
  // Starting totals never count in a window.
  const totals = oracleTotals({ flights: inWindow.map(asTotalsFlight), starting: null });
  return {
    from,
    to: asOf,
    totals: totals.totals,
    landings: { day: totals.landings.total_day, night: totals.landings.total_night },
    ...countsOver(inWindow),
    flight_count: inWindow.filter(isFlight).length,
  };
}

function byAircraftType(flights: readonly ExperienceRecord[], asOf: string): OracleAircraftTypeEntry[] {
  const designators = [...new Set(flights.map((f) => f.aircraft.type_designator))].filter(
    (d): d is string => d !== undefined,
  );
  const last12From = windowFrom('last_12_months', asOf);
  const entries = designators.map((designator) => {
    const of = flights.filter((f) => f.aircraft.type_designator === designator);
    const latest = of.map((f) => f.date).sort()[of.length - 1]!;
    return {
      type_designator: designator,
      total_flight_time_minutes: sum(of.map((f) => f.minutes.total_flight_time)),
      pic_minutes: sum(of.map((f) => f.minutes.pic)),
      sic_minutes: sum(of.map((f) => f.minutes.sic)),
      last_12_months_minutes: sum(
        of.filter((f) => isWithin(f.date, last12From, asOf)).map((f) => f.minutes.total_flight_time),
      ),
      flight_count: of.length,
      last_flight_date: `${latest}T00:00:00.000Z`,
    };
  });
  // Total time descending, then the designator in byte order (all ASCII, so code-unit order is byte order).
  return entries.sort(
    (a, b) =>
      b.total_flight_time_minutes - a.total_flight_time_minutes ||
      (a.type_designator < b.type_designator ? -1 : a.type_designator > b.type_designator ? 1 : 0),
  );
}

function engineEntry(of: readonly ExperienceRecord[]): OracleEngineEntry {
  return {
    total_flight_time_minutes: sum(of.map((f) => f.minutes.total_flight_time)),
    pic_minutes: sum(of.map((f) => f.minutes.pic)),
    sic_minutes: sum(of.map((f) => f.minutes.sic)),
    multi_engine_minutes: sum(of.map((f) => f.minutes.multi_engine)),
    flight_count: of.length,
  };
}

function byEngine(flights: readonly ExperienceRecord[]): OracleExperience['by_engine'] {
  const of = (engines: readonly (ExperienceEngine | 'unknown')[]): OracleEngineEntry =>
    engineEntry(flights.filter((f) => engines.includes(engineOf(f))));
  return {
    piston: of(['piston']),
    turboprop: of(['turboprop']),
    turbojet: of(['turbojet']),
    turboshaft: of(['turboshaft']),
    electric: of(['electric']),
    unknown: of(['unknown']),
    turbine: of(['turboprop', 'turbojet', 'turboshaft']),
  };
}

function byFeature(flights: readonly ExperienceRecord[]): OracleExperience['by_feature'] {
  const entry = (feature: ExperienceFeature): OracleFeatureEntry => {
    const of = flights.filter((f) => hasFeature(f, feature));
    return {
      total_flight_time_minutes: sum(of.map((f) => f.minutes.total_flight_time)),
      pic_minutes: sum(of.map((f) => f.minutes.pic)),
      flight_count: of.length,
    };
  };
  return Object.fromEntries(
    EXPERIENCE_FEATURES.map((feature) => [feature, entry(feature)]),
  ) as OracleExperience['by_feature'];
}

/** The experience as of `asOf` (`YYYY-MM-DD`): records dated after it count nowhere. */
export function oracleExperience({ records, starting }: ExperienceLogbook, asOf: string): OracleExperience {
  parsePlainDate(asOf);
  for (const record of records) parsePlainDate(record.date);
  const upToD = records.filter((r) => r.date <= asOf);
  const flights = upToD.filter(isFlight);
  return {
    as_of: asOf,
    lifetime: lifetimeOf(upToD, starting),
    windows: Object.fromEntries(WINDOW_NAMES.map((name) => [name, windowOf(name, upToD, asOf)])) as Record<
      WindowName,
      OracleWindow
    >,
    by_aircraft_type: byAircraftType(flights, asOf),
    by_engine: byEngine(flights),
    by_feature: byFeature(flights),
    currency: oracleCurrency(upToD, asOf),
  };
}
