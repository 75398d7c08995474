import { type LogbookEvent, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { EARLIEST_FLIGHT_DATE, isAirplaneRatingKey } from '@pft/logbook/domain';
import {
  addFlight,
  addStartingTotals,
  countedRatingKey,
  factsOf,
  ratingFactsOf,
  zeroSums,
  type FlightFacts,
  type Sums,
} from './flight-contribution';

/**
 * A pilot's logbook projection, folded incrementally: running sums (starting totals included) and,
 * per current flight, what it contributed. The projector folds into a slice of this state that
 * holds only the flights a batch refers to; the sums are the same either way.
 */
export interface PilotTotalsState {
  /** The last logbook stream version folded in; 0 before the first. */
  version: number;
  sums: Sums;
  starting: StartingTotals | null;
  flights: ReadonlyMap<string, FlightFacts>;
}

/** One event of a pilot's logbook stream with its place in the stream. */
export interface VersionedLogbookEvent {
  stream_version: number;
  event: LogbookEvent;
}

export const initialPilotTotalsState = (): PilotTotalsState => ({
  version: 0,
  sums: zeroSums(),
  starting: null,
  flights: new Map(),
});

const copySums = (sums: Sums): Sums => ({
  ...sums,
  totals: { ...sums.totals },
  rating_breakdown: { ...sums.rating_breakdown },
});

/**
 * Why the event cannot be folded into `state`, or null when it can. Such an event is poison: the
 * projector sets it aside (dead letter) and folds the pilot's later events as if it had not happened.
 * The reason names the flight by its id and never quotes its content (a rating key, a date): it is
 * published and logged in the clear beside the sealed event, and must say nothing once the pilot's key
 * is destroyed.
 */
export function rejectionOf(state: PilotTotalsState, event: LogbookEvent): string | null {
  switch (event.type) {
    case 'FlightRecorded':
    case 'FlightAmended': {
      const { flight } = event.payload;
      const known = state.flights.has(flight.flight_id);
      if (event.type === 'FlightRecorded' && known) return `flight ${flight.flight_id} is already recorded`;
      if (event.type === 'FlightAmended' && !known) return `flight ${flight.flight_id} is not recorded`;
      // A date the event schema takes (year 0000 is a valid format) but Postgres refuses would fail the
      // whole batch, again at every retry, and hold up the partition.
      if (flight.date < EARLIEST_FLIGHT_DATE)
        return `flight ${flight.flight_id} is dated before ${EARLIEST_FLIGHT_DATE}`;
      // Only what the checks read of the flight's facts: factsOf makes them all when the flight is folded.
      const facts = ratingFactsOf(flight);
      if (facts.kind === 'flight' && facts.category === 'airplane' && facts.rating_key === null) {
        return `airplane flight ${flight.flight_id} has no rating key`;
      }
      const key = countedRatingKey(facts);
      if (key !== null && !isAirplaneRatingKey(key))
        return `flight ${flight.flight_id}: its rating key is not in the catalog`;
      return null;
    }
    case 'FlightDeleted':
      return state.flights.has(event.payload.flight_id)
        ? null
        : `flight ${event.payload.flight_id} is not recorded`;
    case 'StartingTotalsSet': {
      const unknown = Object.keys(event.payload.starting_totals.rating_breakdown).find(
        (key) => !isAirplaneRatingKey(key),
      );
      return unknown === undefined ? null : 'starting totals: a rating key is not in the catalog';
    }
    case 'AccountErased':
      return null;
  }
}

/** The next state. Assumes `rejectionOf(state, event)` is null; never mutates `state`. */
export function evolve(state: PilotTotalsState, event: LogbookEvent): PilotTotalsState {
  const next = { ...state, sums: copySums(state.sums), flights: new Map(state.flights) };
  evolveInPlace(next, event);
  return next;
}

/** `evolve` into a state the caller owns: its sums, flights and starting totals change in place. */
function evolveInPlace(
  state: PilotTotalsState & { flights: Map<string, FlightFacts> },
  event: LogbookEvent,
): void {
  const { sums, flights } = state;
  switch (event.type) {
    case 'FlightRecorded':
    case 'FlightAmended': {
      const { flight } = event.payload;
      const before = flights.get(flight.flight_id);
      if (before) addFlight(sums, before, -1);
      const after = factsOf(flight);
      addFlight(sums, after, 1);
      flights.set(flight.flight_id, after);
      return;
    }
    case 'FlightDeleted': {
      const before = flights.get(event.payload.flight_id);
      if (!before) return;
      addFlight(sums, before, -1);
      flights.delete(event.payload.flight_id);
      return;
    }
    case 'StartingTotalsSet': {
      if (state.starting) addStartingTotals(sums, state.starting, -1);
      addStartingTotals(sums, event.payload.starting_totals, 1);
      state.starting = event.payload.starting_totals;
      return;
    }
    case 'AccountErased': {
      // Everything before counts no more: the account starts again from nothing.
      Object.assign(sums, zeroSums());
      flights.clear();
      state.starting = null;
      return;
    }
  }
}

export type FoldOutcome =
  | { kind: 'applied'; state: PilotTotalsState }
  | { kind: 'repeat'; state: PilotTotalsState }
  | { kind: 'rejected'; state: PilotTotalsState; reason: string };

/**
 * Folds one event in its stream place. A version at or below the last folded one is a repeat
 * (redelivery or duplicate) and changes nothing. A rejected event still advances the version, so
 * its own redelivery is a repeat too; a gap in versions (a message lost to the dead letters before
 * it could be read) is folded over.
 */
export function foldEvent(
  state: PilotTotalsState,
  { stream_version, event }: VersionedLogbookEvent,
): FoldOutcome {
  if (stream_version <= state.version) return { kind: 'repeat', state };
  const reason = rejectionOf(state, event);
  if (reason !== null) return { kind: 'rejected', state: { ...state, version: stream_version }, reason };
  return { kind: 'applied', state: { ...evolve(state, event), version: stream_version } };
}

export type FoldVerdict = { kind: 'applied' } | { kind: 'repeat' } | { kind: 'rejected'; reason: string };

/**
 * Folds a run of one pilot's events as `foldEvent` one after another would, verdict for verdict,
 * but copies the state once for the whole run rather than once per event: a projector batch
 * folds dozens of a pilot's events at a time. Never mutates `state`.
 */
export function foldEventRun(
  state: PilotTotalsState,
  events: Iterable<VersionedLogbookEvent>,
): { state: PilotTotalsState; verdicts: FoldVerdict[] } {
  const next = { ...state, sums: copySums(state.sums), flights: new Map(state.flights) };
  const verdicts: FoldVerdict[] = [];
  for (const { stream_version, event } of events) {
    if (stream_version <= next.version) {
      verdicts.push({ kind: 'repeat' });
      continue;
    }
    const reason = rejectionOf(next, event);
    if (reason === null) evolveInPlace(next, event);
    next.version = stream_version;
    verdicts.push(reason === null ? { kind: 'applied' } : { kind: 'rejected', reason });
  }
  return { state: next, verdicts };
}

export function foldEvents(
  state: PilotTotalsState,
  events: Iterable<VersionedLogbookEvent>,
): PilotTotalsState {
  let current = state;
  for (const event of events) current = foldEvent(current, event).state;
  return current;
}

/** The latest date among flights (not simulator sessions), as the partner API writes it. */
export function lastFlightDateOf(flights: Iterable<FlightFacts>): string | null {
  let latest: string | null = null;
  for (const facts of flights) {
    if (facts.kind === 'flight' && (latest === null || facts.date > latest)) latest = facts.date;
  }
  return latest === null ? null : `${latest}T00:00:00.000Z`;
}

/** The totals fields of the sums as the partner API shows them: `ifr_minutes` derived. */
export function totalsFieldsOf({ totals: t }: Sums): PilotTotals['totals'] {
  return {
    total_flight_time_minutes: t.total_flight_time_minutes,
    pic_minutes: t.pic_minutes,
    sic_minutes: t.sic_minutes,
    dual_minutes: t.dual_minutes,
    instructor_minutes: t.instructor_minutes,
    cross_country_minutes: t.cross_country_minutes,
    night_minutes: t.night_minutes,
    ifr_minutes: t.actual_instrument_minutes + t.simulated_instrument_minutes,
    actual_instrument_minutes: t.actual_instrument_minutes,
    simulated_instrument_minutes: t.simulated_instrument_minutes,
    single_engine_minutes: t.single_engine_minutes,
    multi_engine_minutes: t.multi_engine_minutes,
    multi_pilot_minutes: t.multi_pilot_minutes,
    simulator_minutes: t.simulator_minutes,
  };
}

/** Sums as the partner API shows them: `ifr_minutes` derived, zero rating keys left out. */
export function pilotTotalsOf(sums: Sums, lastFlightDate: string | null): PilotTotals {
  return {
    totals: totalsFieldsOf(sums),
    landings: { total_day: sums.total_day, total_night: sums.total_night },
    rating_breakdown: Object.fromEntries(
      Object.entries(sums.rating_breakdown)
        // An unknown key never gets folded in (rejectionOf); the check keeps the rule for computeTotals too.
        .filter(([key, minutes]) => minutes !== 0 && isAirplaneRatingKey(key))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    flight_count: sums.flight_count,
    last_flight_date: lastFlightDate,
  };
}

/** The totals of a fully folded state (one that holds every current flight). */
export const totalsOfState = (state: PilotTotalsState): PilotTotals =>
  pilotTotalsOf(state.sums, lastFlightDateOf(state.flights.values()));
