import { type Flight } from '@pft/contracts';
import { sameFlight } from './flight-equality';

const flight: Flight = {
  flight_id: '0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1',
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { category: 'airplane', rating_key: 'sep_land' },
  minutes: {
    total_flight_time: 60,
    pic: 60,
    sic: 0,
    dual: 0,
    instructor: 0,
    cross_country: 0,
    night: 0,
    actual_instrument: 0,
    simulated_instrument: 0,
    single_engine: 60,
    multi_engine: 0,
    multi_pilot: 0,
    simulator: 0,
  },
  landings: { day: 1, night: 0 },
};

describe('sameFlight', () => {
  it('ignores key order', () => {
    const { landings, ...rest } = flight;
    const reordered = JSON.parse(JSON.stringify({ landings, ...rest })) as Flight;
    expect(sameFlight(flight, reordered)).toBe(true);
  });

  it('sees a changed value, an added remark and a changed nested field', () => {
    expect(sameFlight(flight, { ...flight, date: '2026-05-02' })).toBe(false);
    expect(sameFlight(flight, { ...flight, remarks: 'x' })).toBe(false);
    expect(sameFlight(flight, { ...flight, minutes: { ...flight.minutes, night: 1 } })).toBe(false);
  });
});
