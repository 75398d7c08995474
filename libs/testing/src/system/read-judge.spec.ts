import { type Flight, type PilotTotals, zeroFlightMinutes } from '@pft/contracts';
import { type WorkloadPilot } from './logbook-workload';
import { PilotModel } from './pilot-model';
import { FRESHNESS_MS, judgeRead, MonotonicReads } from './read-judge';

const flight = (id: string, minutes: number): Flight => ({
  flight_id: id,
  date: '2024-05-01',
  kind: 'flight',
  aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
  minutes: { ...zeroFlightMinutes(), total_flight_time: minutes, pic: minutes, single_engine: minutes },
  landings: { day: 1, night: 0 },
});

/** A pilot who logged three flights, one after another, and the totals after each. */
function pilotWithThreeFlights(): { pilot: WorkloadPilot; states: PilotTotals[] } {
  const model = new PilotModel();
  const states = [model.totals()];
  for (const [id, minutes] of [
    ['a', 60],
    ['b', 90],
    ['c', 30],
  ] as const) {
    model.change((m) => m.flights.set(id, flight(id, minutes)));
    model.acknowledge();
    states.push(model.totals());
  }
  return { pilot: { accountId: 'account', token: 'token', pilotId: 'pilot', model }, states };
}

describe('judging a partner read against the oracle', () => {
  it('takes any state the pilot went through at or after the floor, the newest one included', () => {
    const { pilot, states } = pilotWithThreeFlights();
    const history = pilot.model.history;
    expect(judgeRead(history, 0, states[0], performance.now())).toMatchObject({ right: true, index: 0 });
    expect(judgeRead(history, 1, states[2], performance.now())).toMatchObject({ right: true, index: 2 });
    expect(judgeRead(history, 3, states[3], performance.now())).toEqual({ right: true, index: 3, lagMs: 0 });
  });

  it('calls a read that goes back behind the floor wrong', () => {
    const { pilot, states } = pilotWithThreeFlights();
    expect(judgeRead(pilot.model.history, 2, states[1], performance.now())).toEqual({
      right: false,
      why: 'went back to state 1 of 4, after a read had shown state 2',
    });
  });

  it('calls totals the pilot never had wrong, such as a flight counted twice', () => {
    const { pilot, states } = pilotWithThreeFlights();
    const doubled = { ...states[3]!, flight_count: 4 };
    expect(judgeRead(pilot.model.history, 0, doubled, performance.now())).toEqual({
      right: false,
      why: 'a state this pilot never had (its history holds 4 states)',
    });
  });

  it('measures how long before the read the change the read had not shown was acknowledged', () => {
    const { pilot, states } = pilotWithThreeFlights();
    const history = pilot.model.history;
    const later = history[2]!.ackedAt! + FRESHNESS_MS + 1;
    expect(judgeRead(history, 0, states[1], later)).toEqual({
      right: true,
      index: 1,
      lagMs: FRESHNESS_MS + 1,
    });
  });

  it('raises a pilot’s floor only when a read finishes, so overlapping reads each keep their own', () => {
    const { pilot, states } = pilotWithThreeFlights();
    const reads = new MonotonicReads();
    const slow = reads.begin(pilot);
    expect(reads.begin(pilot)(states[3])).toMatchObject({ right: true, index: 3, floor: 0 });
    // Begun before the newer read finished: an older state is still right for it.
    expect(slow(states[1])).toMatchObject({ right: true, index: 1, floor: 0 });
    // Begun after: the older state is a read going back.
    expect(reads.begin(pilot)(states[2])).toMatchObject({ right: false, floor: 3 });
  });
});
