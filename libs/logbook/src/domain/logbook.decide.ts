import {
  type Flight,
  type FlightAmended,
  type FlightDeleted,
  type FlightRecorded,
  type LogbookEvent,
  type StartingTotals,
  type StartingTotalsSet,
} from '@pft/contracts';
import { sameFlight } from './flights/flight-equality';
import { type ValidationIssue } from './validation-issue';

/** What the write side knows of one flight id of a pilot: its current form, or that it was deleted. */
export interface FlightState {
  flight: Flight;
  deleted: boolean;
}

/** A command the logbook refuses, with the stable code the API answers with. */
export interface LogbookRejection {
  rejected: 'FLIGHT_NOT_FOUND' | 'CONFLICT' | 'INVALID_REQUEST';
  message: string;
  details?: ValidationIssue[];
}

/** A decision: the events to append (none for a replay), or a rejection. */
export type Decision<E> = { events: E[]; flight?: Flight } | LogbookRejection;

export const isRejection = <E>(decision: Decision<E>): decision is LogbookRejection => 'rejected' in decision;

/** The write-side state of a pilot's flights, folded from the logbook events (what the flights table holds). */
export function evolveFlights(
  state: Map<string, FlightState>,
  event: LogbookEvent,
): Map<string, FlightState> {
  switch (event.type) {
    case 'FlightRecorded':
    case 'FlightAmended':
      return new Map(state).set(event.payload.flight.flight_id, {
        flight: event.payload.flight,
        deleted: false,
      });
    case 'FlightDeleted': {
      const current = state.get(event.payload.flight_id);
      return current ? new Map(state).set(event.payload.flight_id, { ...current, deleted: true }) : state;
    }
    case 'StartingTotalsSet':
      return state;
    case 'AccountErased':
      return new Map();
  }
}

/**
 * Records a new flight. The id is the client's: the same flight again is a replay (nothing new, the
 * stored flight back); anything else under a used id, a deleted one included, is a conflict.
 */
export function decideRecordFlight(
  state: FlightState | undefined,
  pilotAccountId: string,
  flight: Flight,
): Decision<FlightRecorded> {
  if (state) {
    if (!state.deleted && sameFlight(state.flight, flight)) return { events: [], flight: state.flight };
    return { rejected: 'CONFLICT', message: `flight ${flight.flight_id} was already recorded differently` };
  }
  return {
    events: [{ type: 'FlightRecorded', version: 2, payload: { pilot_account_id: pilotAccountId, flight } }],
    flight,
  };
}

/** Replaces a current flight whole; an unchanged flight records nothing. */
export function decideAmendFlight(
  state: FlightState | undefined,
  pilotAccountId: string,
  pathFlightId: string,
  flight: Flight,
): Decision<FlightAmended> {
  if (flight.flight_id !== pathFlightId.toLowerCase()) {
    return {
      rejected: 'INVALID_REQUEST',
      message: 'flight_id in the body differs from the path',
      details: [{ field: 'flight_id', issue: 'mismatch', message: 'must equal the flight id of the path' }],
    };
  }
  if (!state || state.deleted) return { rejected: 'FLIGHT_NOT_FOUND', message: 'no such flight' };
  if (sameFlight(state.flight, flight)) return { events: [], flight: state.flight };
  return {
    events: [{ type: 'FlightAmended', version: 2, payload: { pilot_account_id: pilotAccountId, flight } }],
    flight,
  };
}

export function decideDeleteFlight(
  state: FlightState | undefined,
  pilotAccountId: string,
): Decision<FlightDeleted> {
  if (!state || state.deleted) return { rejected: 'FLIGHT_NOT_FOUND', message: 'no such flight' };
  return {
    events: [
      {
        type: 'FlightDeleted',
        version: 1,
        payload: { pilot_account_id: pilotAccountId, flight_id: state.flight.flight_id },
      },
    ],
  };
}

/**
 * Imports a logbook, all or nothing: an id twice in the request, or an id already used for a
 * different flight, rejects the whole import with the index of each offending flight. Flights already
 * recorded exactly so are not recorded again, so a repeated import changes nothing.
 */
export function decideImportFlights(
  states: ReadonlyMap<string, FlightState>,
  pilotAccountId: string,
  flights: readonly Flight[],
): Decision<FlightRecorded> {
  const seen = new Set<string>();
  const duplicates: ValidationIssue[] = [];
  const conflicts: ValidationIssue[] = [];
  const events: FlightRecorded[] = [];
  flights.forEach((flight, i) => {
    const field = `flights[${i}].flight_id`;
    if (seen.has(flight.flight_id)) {
      duplicates.push({ field, issue: 'duplicate', message: 'appears more than once in the import' });
      return;
    }
    seen.add(flight.flight_id);
    const state = states.get(flight.flight_id);
    if (!state) {
      events.push({
        type: 'FlightRecorded',
        version: 2,
        payload: { pilot_account_id: pilotAccountId, flight },
      });
    } else if (state.deleted || !sameFlight(state.flight, flight)) {
      conflicts.push({ field, issue: 'conflict', message: 'was already recorded differently' });
    }
  });
  if (duplicates.length > 0) {
    return {
      rejected: 'INVALID_REQUEST',
      message: 'the import holds a flight id twice',
      details: duplicates,
    };
  }
  if (conflicts.length > 0) {
    return {
      rejected: 'CONFLICT',
      message: 'some flight ids were already recorded differently',
      details: conflicts,
    };
  }
  return { events };
}

export function decideSetStartingTotals(
  pilotAccountId: string,
  startingTotals: StartingTotals,
): StartingTotalsSet[] {
  return [
    {
      type: 'StartingTotalsSet',
      version: 1,
      payload: { pilot_account_id: pilotAccountId, starting_totals: startingTotals },
    },
  ];
}
