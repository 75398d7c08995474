import { type Flight, zeroFlightMinutes } from '@pft/contracts';
import { sameFlight } from './flight-equality';

const flight: Flight = {
  flight_id: '0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1',
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { category: 'airplane', rating_key: 'sep_land' },
  minutes: { ...zeroFlightMinutes(), total_flight_time: 60, pic: 60, single_engine: 60 },
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

describe('sameFlight with the fields of richer records', () => {
  const richer: Flight = {
    ...flight,
    aircraft: {
      ...flight.aircraft,
      type_designator: 'C172',
      features: ['high_performance', 'retractable_gear'],
    },
    takeoffs: { day: 1, night: 0 },
    approaches: 2,
  };

  it('takes features as a set: their order does not matter', () => {
    const reversed: Flight = {
      ...richer,
      aircraft: { ...richer.aircraft, features: ['retractable_gear', 'high_performance'] },
    };
    expect(sameFlight(richer, reversed)).toBe(true);
  });

  it('takes an empty remark or registration as none (a logbook CSV cannot tell them apart)', () => {
    expect(sameFlight({ ...flight, remarks: '' }, flight)).toBe(true);
    expect(sameFlight(flight, { ...flight, aircraft: { ...flight.aircraft, registration: '' } })).toBe(true);
    expect(sameFlight({ ...flight, remarks: ' ' }, flight)).toBe(false);
    expect(sameFlight({ ...flight, remarks: '' }, { ...flight, remarks: 'x' })).toBe(false);
  });

  it('takes no features listed as none sent', () => {
    expect(sameFlight({ ...flight, aircraft: { ...flight.aircraft, features: [] } }, flight)).toBe(true);
  });

  it('sees an added or removed feature, a changed type, takeoffs, full stops, approaches or holds', () => {
    const changes: Partial<Flight>[] = [
      { aircraft: { ...richer.aircraft, features: ['high_performance'] } },
      { aircraft: { ...richer.aircraft, features: ['high_performance', 'retractable_gear', 'taa'] } },
      { aircraft: { ...richer.aircraft, type_designator: 'C182' } },
      { aircraft: { ...richer.aircraft, engine: 'piston' } },
      { takeoffs: { day: 0, night: 1 } },
      { takeoffs: undefined },
      { landings: { ...richer.landings, day_full_stop: 1 } },
      { approaches: 3 },
      { holds: 0 },
    ];
    for (const change of changes) expect(sameFlight(richer, { ...richer, ...change })).toBe(false);
  });
});
