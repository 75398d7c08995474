import { randomUUID } from 'node:crypto';
import { type Flight, type LogbookEvent, zeroFlightMinutes } from '@pft/contracts';
import { foldEvent, foldEvents, initialPilotTotalsState, totalsOfState } from './pilot-totals.fold';

const pilot = randomUUID();

function flight(
  overrides: Partial<Omit<Flight, 'minutes'>> & { minutes?: Partial<Flight['minutes']> } = {},
): Flight {
  const { minutes, ...rest } = overrides;
  return {
    flight_id: randomUUID(),
    date: '2026-05-01',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land' },
    landings: { day: 1, night: 0 },
    ...rest,
    minutes: {
      ...zeroFlightMinutes(),
      total_flight_time: 60,
      pic: 60,
      actual_instrument: 10,
      simulated_instrument: 5,
      single_engine: 60,
      ...minutes,
    },
  };
}

const recorded = (f: Flight): LogbookEvent => ({
  type: 'FlightRecorded',
  version: 2,
  payload: { pilot_account_id: pilot, flight: f },
});
const amended = (f: Flight): LogbookEvent => ({
  type: 'FlightAmended',
  version: 2,
  payload: { pilot_account_id: pilot, flight: f },
});
const deleted = (f: Flight): LogbookEvent => ({
  type: 'FlightDeleted',
  version: 1,
  payload: { pilot_account_id: pilot, flight_id: f.flight_id },
});
const versioned = (events: LogbookEvent[]) => events.map((event, i) => ({ stream_version: i + 1, event }));
const totalsAfter = (events: LogbookEvent[]) =>
  totalsOfState(foldEvents(initialPilotTotalsState(), versioned(events)));

describe('the totals fold', () => {
  it('moves minutes when an amendment changes the rating key', () => {
    const f = flight();
    const t = totalsAfter([
      recorded(f),
      amended({ ...f, aircraft: { category: 'airplane', rating_key: 'mep_land' } }),
    ]);
    expect(t.rating_breakdown).toEqual({ mep_land: 60 });
    expect(t.flight_count).toBe(1);
    expect(t.totals.ifr_minutes).toBe(15);
  });

  it('falls back to the next latest flight date when the latest flight is deleted', () => {
    const early = flight({ date: '2026-01-02' });
    const late = flight({ date: '2026-03-04' });
    expect(totalsAfter([recorded(early), recorded(late)]).last_flight_date).toBe('2026-03-04T00:00:00.000Z');
    expect(totalsAfter([recorded(early), recorded(late), deleted(late)]).last_flight_date).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(totalsAfter([recorded(early), deleted(early)]).last_flight_date).toBeNull();
  });

  it('counts helicopter flights everywhere but in the rating breakdown, and simulator sessions only as simulator time', () => {
    const heli = flight({ aircraft: { category: 'helicopter' } });
    const sim = flight({
      kind: 'simulator',
      date: '2026-09-09',
      landings: { day: 0, night: 0 },
      minutes: {
        total_flight_time: 0,
        pic: 0,
        actual_instrument: 0,
        simulated_instrument: 0,
        single_engine: 0,
        simulator: 45,
      },
    });
    const t = totalsAfter([recorded(heli), recorded(sim)]);
    expect(t.rating_breakdown).toEqual({});
    expect(t.totals.total_flight_time_minutes).toBe(60);
    expect(t.totals.simulator_minutes).toBe(45);
    expect(t.flight_count).toBe(1);
    expect(t.landings.total_day).toBe(1);
    expect(t.last_flight_date).toBe('2026-05-01T00:00:00.000Z');
  });

  it('rejects a rating key outside the catalog and folds the later events as if it had not happened', () => {
    const bad = flight({ aircraft: { category: 'airplane', rating_key: 'type_not_a_real_aircraft' } });
    const good = flight();
    const first = foldEvent(initialPilotTotalsState(), { stream_version: 1, event: recorded(bad) });
    expect(first).toMatchObject({
      kind: 'rejected',
      reason: `flight ${bad.flight_id}: its rating key is not in the catalog`,
    });
    expect(foldEvent(first.state, { stream_version: 2, event: amended(bad) }).kind).toBe('rejected');
    const after = foldEvents(first.state, [{ stream_version: 3, event: recorded(good) }]);
    expect(totalsOfState(after)).toEqual(totalsAfter([recorded(good)]));
  });

  it('rejects a flight dated before the first powered flight, year 0000 included, which Postgres cannot store', () => {
    for (const date of ['0000-06-01', '1903-12-16']) {
      const bad = flight({ date });
      expect(foldEvent(initialPilotTotalsState(), { stream_version: 1, event: recorded(bad) })).toMatchObject(
        {
          kind: 'rejected',
          reason: `flight ${bad.flight_id} is dated before 1903-12-17`,
        },
      );
    }
    const first = flight({ date: '1903-12-17' });
    expect(foldEvent(initialPilotTotalsState(), { stream_version: 1, event: recorded(first) }).kind).not.toBe(
      'rejected',
    );
  });

  it('ignores a repeated stream version', () => {
    const f = flight();
    const once = foldEvents(initialPilotTotalsState(), versioned([recorded(f)]));
    expect(foldEvent(once, { stream_version: 1, event: recorded(f) })).toEqual({
      kind: 'repeat',
      state: once,
    });
  });

  it('starts the account again from nothing after AccountErased, and counts what follows alone', () => {
    const before = flight({ date: '2026-03-04' });
    const after = flight({
      date: '2026-01-02',
      minutes: { total_flight_time: 30, pic: 30, single_engine: 30 },
    });
    const erased: LogbookEvent = {
      type: 'AccountErased',
      version: 1,
      payload: { pilot_account_id: pilot, erased_at: '2026-05-01T00:00:00.000Z' },
    };
    expect(totalsAfter([recorded(before), erased])).toEqual(totalsOfState(initialPilotTotalsState()));
    const state = foldEvents(
      initialPilotTotalsState(),
      versioned([recorded(before), erased, recorded(after)]),
    );
    expect(state.version).toBe(3);
    expect(totalsOfState(state)).toEqual(totalsAfter([recorded(after)]));
  });
});
