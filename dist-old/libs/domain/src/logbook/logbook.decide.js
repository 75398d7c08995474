"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isRejection = void 0;
exports.evolveFlights = evolveFlights;
exports.decideRecordFlight = decideRecordFlight;
exports.decideAmendFlight = decideAmendFlight;
exports.decideDeleteFlight = decideDeleteFlight;
exports.decideImportFlights = decideImportFlights;
exports.decideSetStartingTotals = decideSetStartingTotals;
const flight_equality_1 = require("../flights/flight-equality");
const isRejection = (decision) => 'rejected' in decision;
exports.isRejection = isRejection;
/** The write-side state of a pilot's flights, folded from the logbook events (what the flights table holds). */
function evolveFlights(state, event) {
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
function decideRecordFlight(state, pilotAccountId, flight) {
    if (state) {
        if (!state.deleted && (0, flight_equality_1.sameFlight)(state.flight, flight))
            return { events: [], flight: state.flight };
        return { rejected: 'CONFLICT', message: `flight ${flight.flight_id} was already recorded differently` };
    }
    return {
        events: [{ type: 'FlightRecorded', version: 1, payload: { pilot_account_id: pilotAccountId, flight } }],
        flight,
    };
}
/** Replaces a current flight whole; an unchanged flight records nothing. */
function decideAmendFlight(state, pilotAccountId, pathFlightId, flight) {
    if (flight.flight_id !== pathFlightId.toLowerCase()) {
        return {
            rejected: 'INVALID_REQUEST',
            message: 'flight_id in the body differs from the path',
            details: [{ field: 'flight_id', issue: 'mismatch', message: 'must equal the flight id of the path' }],
        };
    }
    if (!state || state.deleted)
        return { rejected: 'FLIGHT_NOT_FOUND', message: 'no such flight' };
    if ((0, flight_equality_1.sameFlight)(state.flight, flight))
        return { events: [], flight: state.flight };
    return {
        events: [{ type: 'FlightAmended', version: 1, payload: { pilot_account_id: pilotAccountId, flight } }],
        flight,
    };
}
function decideDeleteFlight(state, pilotAccountId) {
    if (!state || state.deleted)
        return { rejected: 'FLIGHT_NOT_FOUND', message: 'no such flight' };
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
function decideImportFlights(states, pilotAccountId, flights) {
    const seen = new Set();
    const duplicates = [];
    const conflicts = [];
    const events = [];
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
                version: 1,
                payload: { pilot_account_id: pilotAccountId, flight },
            });
        }
        else if (state.deleted || !(0, flight_equality_1.sameFlight)(state.flight, flight)) {
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
function decideSetStartingTotals(pilotAccountId, startingTotals) {
    return [
        {
            type: 'StartingTotalsSet',
            version: 1,
            payload: { pilot_account_id: pilotAccountId, starting_totals: startingTotals },
        },
    ];
}
//# sourceMappingURL=logbook.decide.js.map