import { type Flight } from '@pft/contracts';
import { decideCommitImport } from './import-commit.decide';
import { type FlightState } from './logbook.decide';

const PILOT = '5b0c3a52-2a55-4d1c-9d59-5f1fb1e0c0a1';

function flightOf(n: number, remarks?: string): Flight {
  return {
    flight_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    date: '2026-05-01',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land' },
    minutes: { total_flight_time: 60 + n },
    landings: { day: 1, night: 0 },
    ...(remarks ? { remarks } : {}),
  } as Flight;
}

describe('decideCommitImport', () => {
  it('records new flights, amends changed ones, leaves equal ones and deleted ones alone', () => {
    const states = new Map<string, FlightState>([
      [flightOf(2).flight_id, { flight: flightOf(2), deleted: false }],
      [flightOf(3).flight_id, { flight: flightOf(3), deleted: false }],
      [flightOf(4).flight_id, { flight: flightOf(4), deleted: true }],
    ]);
    const incoming = [flightOf(1), flightOf(2), flightOf(3, 'changed'), flightOf(4), flightOf(1, 'twice')];
    const decision = decideCommitImport(states, PILOT, incoming, 2);
    expect(decision.events.map((e) => [e.type, e.payload.flight.flight_id])).toEqual([
      ['FlightRecorded', flightOf(1).flight_id],
      ['FlightAmended', flightOf(3).flight_id],
    ]);
    expect(decision.written).toEqual([flightOf(1), flightOf(3, 'changed')]);
    expect(decision.counts).toEqual({
      recorded: 1,
      amended: 1,
      unchanged: 1,
      skipped_invalid: 3,
      skipped_deleted: 1,
    });
  });

  it('records nothing when every flight is already there as it is', () => {
    const states = new Map<string, FlightState>([
      [flightOf(1).flight_id, { flight: flightOf(1), deleted: false }],
    ]);
    const decision = decideCommitImport(states, PILOT, [flightOf(1)], 0);
    expect(decision.events).toEqual([]);
    expect(decision.counts.unchanged).toBe(1);
  });
});
