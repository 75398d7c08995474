import { randomUUID } from 'node:crypto';
import { FLIGHT_MINUTE_FIELDS, type Flight, type LogbookEvent } from '@pft/contracts';
import {
  decideAmendFlight,
  decideDeleteFlight,
  decideImportFlights,
  decideRecordFlight,
  decideSetStartingTotals,
  evolveFlights,
  type FlightState,
} from './logbook.decide';
import { ZERO_STARTING_TOTALS } from './starting-totals.rules';

const pilot = randomUUID();
const aFlight = (over: Partial<Flight> = {}): Flight => ({
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { category: 'airplane', rating_key: 'sep_land' },
  minutes: {
    ...(Object.fromEntries(FLIGHT_MINUTE_FIELDS.map((f) => [f, 0])) as Flight['minutes']),
    total_flight_time: 60,
  },
  landings: { day: 1, night: 0 },
  ...over,
});
const recorded = (flight: Flight): LogbookEvent => ({
  type: 'FlightRecorded',
  version: 2,
  payload: { pilot_account_id: pilot, flight },
});
const amended = (flight: Flight): LogbookEvent => ({
  type: 'FlightAmended',
  version: 2,
  payload: { pilot_account_id: pilot, flight },
});
const deleted = (flightId: string): LogbookEvent => ({
  type: 'FlightDeleted',
  version: 1,
  payload: { pilot_account_id: pilot, flight_id: flightId },
});

/** Given these events, the state of every flight id. */
const given = (...events: LogbookEvent[]): Map<string, FlightState> =>
  events.reduce(evolveFlights, new Map<string, FlightState>());

describe('recording a flight', () => {
  it('given nothing, records it', () => {
    const flight = aFlight();
    expect(decideRecordFlight(given().get(flight.flight_id), pilot, flight)).toEqual({
      events: [recorded(flight)],
      flight,
    });
  });

  it('given the same flight recorded, records nothing and answers the stored flight', () => {
    const flight = aFlight();
    const { minutes, ...rest } = flight;
    const reordered = JSON.parse(JSON.stringify({ minutes, ...rest })) as Flight;
    expect(decideRecordFlight(given(recorded(flight)).get(flight.flight_id), pilot, reordered)).toEqual({
      events: [],
      flight,
    });
  });

  it('given the same flight with its features in another order, records nothing (features are a set)', () => {
    const flight = aFlight({
      aircraft: { category: 'airplane', rating_key: 'sep_land', features: ['complex', 'taa'] },
      takeoffs: { day: 1, night: 0 },
      approaches: 2,
    });
    const sent = { ...flight, aircraft: { ...flight.aircraft, features: ['taa', 'complex'] } } as Flight;
    expect(decideRecordFlight(given(recorded(flight)).get(flight.flight_id), pilot, sent)).toEqual({
      events: [],
      flight,
    });
  });

  it('given a different flight under the id, is a conflict', () => {
    const flight = aFlight();
    const state = given(recorded(flight)).get(flight.flight_id);
    expect(decideRecordFlight(state, pilot, { ...flight, date: '2026-05-02' })).toMatchObject({
      rejected: 'CONFLICT',
    });
  });

  it('given the flight amended since, the original body is a conflict', () => {
    const flight = aFlight();
    const state = given(recorded(flight), amended({ ...flight, remarks: 'fixed' })).get(flight.flight_id);
    expect(decideRecordFlight(state, pilot, flight)).toMatchObject({ rejected: 'CONFLICT' });
  });

  it('given the flight deleted, the id stays used: a conflict', () => {
    const flight = aFlight();
    const state = given(recorded(flight), deleted(flight.flight_id)).get(flight.flight_id);
    expect(decideRecordFlight(state, pilot, flight)).toMatchObject({ rejected: 'CONFLICT' });
  });
});

describe('amending a flight', () => {
  it('given the flight, records the amendment', () => {
    const flight = aFlight();
    const changed = { ...flight, night: 1, remarks: 'night' };
    expect(
      decideAmendFlight(given(recorded(flight)).get(flight.flight_id), pilot, flight.flight_id, changed),
    ).toEqual({
      events: [amended(changed)],
      flight: changed,
    });
  });

  it('given the same flight, records nothing', () => {
    const flight = aFlight();
    expect(
      decideAmendFlight(given(recorded(flight)).get(flight.flight_id), pilot, flight.flight_id, flight),
    ).toEqual({
      events: [],
      flight,
    });
  });

  it('given nothing, or the flight deleted, answers FLIGHT_NOT_FOUND', () => {
    const flight = aFlight();
    expect(decideAmendFlight(undefined, pilot, flight.flight_id, flight)).toMatchObject({
      rejected: 'FLIGHT_NOT_FOUND',
    });
    const state = given(recorded(flight), deleted(flight.flight_id)).get(flight.flight_id);
    expect(decideAmendFlight(state, pilot, flight.flight_id, flight)).toMatchObject({
      rejected: 'FLIGHT_NOT_FOUND',
    });
  });

  it('refuses a body whose flight_id differs from the path', () => {
    const flight = aFlight();
    expect(
      decideAmendFlight(given(recorded(flight)).get(flight.flight_id), pilot, randomUUID(), flight),
    ).toEqual({
      rejected: 'INVALID_REQUEST',
      message: expect.any(String),
      details: [{ field: 'flight_id', issue: 'mismatch', message: expect.any(String) }],
    });
  });

  it('accepts the path id in upper case', () => {
    const flight = aFlight();
    const result = decideAmendFlight(
      given(recorded(flight)).get(flight.flight_id),
      pilot,
      flight.flight_id.toUpperCase(),
      {
        ...flight,
        remarks: 'x',
      },
    );
    expect(result).toMatchObject({ events: [{ type: 'FlightAmended' }] });
  });
});

describe('deleting a flight', () => {
  it('given the flight, records its deletion', () => {
    const flight = aFlight();
    expect(decideDeleteFlight(given(recorded(flight)).get(flight.flight_id), pilot)).toEqual({
      events: [deleted(flight.flight_id)],
    });
  });

  it('given nothing or a deleted flight, answers FLIGHT_NOT_FOUND', () => {
    const flight = aFlight();
    expect(decideDeleteFlight(undefined, pilot)).toMatchObject({ rejected: 'FLIGHT_NOT_FOUND' });
    expect(
      decideDeleteFlight(given(recorded(flight), deleted(flight.flight_id)).get(flight.flight_id), pilot),
    ).toMatchObject({
      rejected: 'FLIGHT_NOT_FOUND',
    });
  });
});

describe('importing flights', () => {
  it('given nothing, records every flight in order', () => {
    const flights = [aFlight(), aFlight(), aFlight()];
    expect(decideImportFlights(given(), pilot, flights)).toEqual({ events: flights.map(recorded) });
  });

  it('given some flights already recorded exactly so, records only the others', () => {
    const [a, b] = [aFlight(), aFlight()];
    expect(decideImportFlights(given(recorded(a)), pilot, [a, b])).toEqual({ events: [recorded(b)] });
  });

  it('rejects the whole import when an id comes twice, naming each later index', () => {
    const a = aFlight();
    expect(decideImportFlights(given(), pilot, [a, aFlight(), { ...a, date: '2026-05-03' }])).toEqual({
      rejected: 'INVALID_REQUEST',
      message: expect.any(String),
      details: [{ field: 'flights[2].flight_id', issue: 'duplicate', message: expect.any(String) }],
    });
  });

  it('rejects the whole import when an id was recorded differently or deleted', () => {
    const [a, b] = [aFlight(), aFlight()];
    const state = given(recorded(a), recorded(b), deleted(b.flight_id));
    expect(decideImportFlights(state, pilot, [aFlight(), { ...a, date: '2026-05-03' }, b])).toEqual({
      rejected: 'CONFLICT',
      message: expect.any(String),
      details: [
        { field: 'flights[1].flight_id', issue: 'conflict', message: expect.any(String) },
        { field: 'flights[2].flight_id', issue: 'conflict', message: expect.any(String) },
      ],
    });
  });
});

describe('setting starting totals', () => {
  it('always records them whole', () => {
    expect(decideSetStartingTotals(pilot, ZERO_STARTING_TOTALS)).toEqual([
      {
        type: 'StartingTotalsSet',
        version: 1,
        payload: { pilot_account_id: pilot, starting_totals: ZERO_STARTING_TOTALS },
      },
    ]);
  });

  it('does not change the flights state', () => {
    const flight = aFlight();
    const state = given(recorded(flight));
    expect(evolveFlights(state, decideSetStartingTotals(pilot, ZERO_STARTING_TOTALS)[0]!)).toBe(state);
  });
});
