import {
  ENTERED_TOTALS_FIELDS,
  type AircraftCategory,
  type AircraftFeature,
  type FlightKind,
  type StartingTotals,
} from '@pft/contracts';
import { groupKeysOf } from '../domain/experience/experience-group-key';
import { initialPilotTotalsState, type PilotTotalsState } from '../domain/pilot-totals.fold';
import { type ExperienceFacts, type FlightFacts, NO_FEATURES } from '../domain/flight-contribution';
import { type Queryable } from '../read/pilot-totals.read-model';
import { unquotedArrayLiteral as list } from './pg-array-literal';
import { EXPERIENCE_FLIGHT_COLUMNS, PILOT_SUM_COLUMNS, projectionTables } from './projection-tables';

/**
 * The slice of pilots' fold state that one batch needs, loaded set-based (stored by
 * pilot-totals.store.ts): two statements per batch whatever its size, each over arrays rather than
 * a row at a time. No row locks: a pilot's events all come from one partition, and the batch
 * already holds the lock on that partition's offset row.
 */
export interface PilotSlice {
  /** As loaded; the fold never mutates it, so it stays the "before" of the batch. */
  state: PilotTotalsState;
  lastFlightDate: string | null;
  /**
   * The keys (groupKeyOf) of the pilot's experience groups, in order; null for a row projected before
   * the experience was (see docs/projections.md).
   */
  experienceGroups: string[] | null;
  /** The pilot's year sums as stored (encodeYearEntries); null when there are none. */
  experienceYears: Buffer | null;
}

/** A pilot the projection holds nothing of. */
export const emptyPilotSlice = (version = 0): PilotSlice => ({
  state: { ...initialPilotTotalsState(), version },
  lastFlightDate: null,
  experienceGroups: [],
  experienceYears: null,
});

type TotalsRow = Record<(typeof ENTERED_TOTALS_FIELDS)[number], string> & {
  pilot_account_id: string;
  stream_version: number;
  total_day: string;
  total_night: string;
  flight_count: string;
  last_flight_date: string | null;
  rating_breakdown: Record<string, number>;
  starting_totals: StartingTotals | null;
  experience_groups: string | null;
  experience_years: Buffer | null;
};

/**
 * The columns of TotalsRow but the latest date, named: no more is read (`select *` had every row's
 * `updated_at` and `last_flight_date` made into Date objects, then dropped).
 */
const TOTALS_ROW_COLUMNS = [
  ...PILOT_SUM_COLUMNS,
  'rating_breakdown',
  'starting_totals',
  'experience_groups',
  'experience_years',
].join(', ');

type FlightRow = {
  pilot_account_id: string;
  flight_id: string;
  flight_date: string;
  kind: FlightKind;
  category: AircraftCategory;
  rating_key: string | null;
  minutes: number[];
  landings_day: number;
  landings_night: number;
} & { [K in keyof Omit<ExperienceFacts, 'features'>]: ExperienceFacts[K] | null } & {
  features: string | null;
};

/** The experience columns of `pilot_flights_v<N>`, in the order `storeFlights` sends them. */
const EXPERIENCE_COLUMNS = EXPERIENCE_FLIGHT_COLUMNS.map(([name]) => name);

/** Reads the pilots' rows and the named flights. Pilots never projected get the initial state. */
export async function loadPilotSlices(
  q: Queryable,
  version: number,
  pilotIds: string[],
  flightRefs: { pilotId: string; flightId: string }[],
): Promise<Map<string, PilotSlice>> {
  const t = projectionTables(version);
  const slices = new Map<string, PilotSlice>(pilotIds.map((id) => [id, emptyPilotSlice()]));
  const rows = (await q.query(
    `select ${TOTALS_ROW_COLUMNS}, to_char(last_flight_date, 'YYYY-MM-DD') as last_flight_date
       from ${t.totals} where pilot_account_id = any($1::uuid[])`,
    [list(pilotIds)],
  )) as TotalsRow[];
  for (const row of rows) {
    const slice = slices.get(row.pilot_account_id)!;
    const { state } = slice;
    state.version = row.stream_version;
    state.starting = row.starting_totals;
    for (const f of ENTERED_TOTALS_FIELDS) state.sums.totals[f] = Number(row[f]);
    state.sums.total_day = Number(row.total_day);
    state.sums.total_night = Number(row.total_night);
    state.sums.flight_count = Number(row.flight_count);
    state.sums.rating_breakdown = { ...row.rating_breakdown };
    slice.lastFlightDate = row.last_flight_date;
    slice.experienceGroups = row.experience_groups === null ? null : groupKeysOf(row.experience_groups);
    slice.experienceYears = row.experience_groups === null ? null : row.experience_years;
  }
  if (flightRefs.length === 0 || rows.length === 0) return slices;
  const flights = (await q.query(
    `select f.pilot_account_id, f.flight_id, to_char(f.flight_date, 'YYYY-MM-DD') as flight_date, f.kind, f.category,
            f.rating_key, f.minutes, f.landings_day, f.landings_night, ${EXPERIENCE_COLUMNS.map((c) => `f.${c}`).join(', ')}
       from ${t.flights} f
       join unnest($1::uuid[], $2::uuid[]) as ref (pilot_account_id, flight_id)
         on f.pilot_account_id = ref.pilot_account_id and f.flight_id = ref.flight_id`,
    [list(flightRefs.map((r) => r.pilotId)), list(flightRefs.map((r) => r.flightId))],
  )) as FlightRow[];
  for (const row of flights) {
    const flightsOfPilot = slices.get(row.pilot_account_id)!.state.flights as Map<string, FlightFacts>;
    flightsOfPilot.set(row.flight_id, {
      date: row.flight_date,
      kind: row.kind,
      category: row.category,
      rating_key: row.rating_key,
      minutes: row.minutes,
      landings_day: row.landings_day,
      landings_night: row.landings_night,
      // Null only in rows stored before the experience was projected, of pilots it skips (experienceGroups null).
      experience: {
        type_designator: row.type_designator,
        engine: row.engine ?? 'unknown',
        // Stored as storeFlights writes them: the features joined by single spaces, '' for none.
        features: row.features ? (row.features.split(' ') as AircraftFeature[]) : NO_FEATURES,
        takeoffs_day: row.takeoffs_day ?? 0,
        takeoffs_night: row.takeoffs_night ?? 0,
        landings_day_full_stop: row.landings_day_full_stop ?? 0,
        landings_night_full_stop: row.landings_night_full_stop ?? 0,
        approaches: row.approaches ?? 0,
        holds: row.holds ?? 0,
      },
    });
  }
  return slices;
}
