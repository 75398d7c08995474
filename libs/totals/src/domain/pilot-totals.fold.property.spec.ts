import fc from 'fast-check';
import { logbookHistoryArb, oracleTotalsOf, withRedeliveriesArb } from '@pft/testing/oracle';
import { computeTotals } from './compute-totals';
import {
  foldEvent,
  foldEventRun,
  foldEvents,
  initialPilotTotalsState,
  totalsOfState,
  type FoldVerdict,
  type PilotTotalsState,
} from './pilot-totals.fold';

const historyWithDeliveryArb = logbookHistoryArb({ maxEvents: 60 }).chain((history) =>
  withRedeliveriesArb(history.events).map((delivered) => ({ ...history, delivered })),
);

describe('the totals fold against the from-scratch oracle', () => {
  it('equals the oracle for any history of records, amendments, deletions and starting totals, delivered with repeats', () => {
    fc.assert(
      fc.property(historyWithDeliveryArb, ({ events, delivered }) => {
        const folded = totalsOfState(foldEvents(initialPilotTotalsState(), delivered));
        expect(folded).toEqual(oracleTotalsOf(events));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same state folded in one pass or in chunks carried over', () => {
    fc.assert(
      fc.property(historyWithDeliveryArb, fc.array(fc.nat(), { maxLength: 6 }), ({ delivered }, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (delivered.length + 1)))].sort((a, b) => a - b);
        let state = initialPilotTotalsState();
        let from = 0;
        for (const to of [...points, delivered.length]) {
          state = foldEvents(state, delivered.slice(from, to));
          from = to;
        }
        const onePass = foldEvents(initialPilotTotalsState(), delivered);
        expect(state).toEqual(onePass);
        expect(totalsOfState(state)).toEqual(totalsOfState(onePass));
      }),
      { numRuns: 300 },
    );
  });

  it('folds a run of events as foldEvent one after another does, verdict for verdict, leaving its input as it was', () => {
    fc.assert(
      fc.property(historyWithDeliveryArb, fc.nat(), ({ delivered }, cut) => {
        const at = cut % (delivered.length + 1);
        const start = foldEvents(initialPilotTotalsState(), delivered.slice(0, at));
        // The same state built again: what `start` must still equal afterwards.
        const startCopy: PilotTotalsState = foldEvents(initialPilotTotalsState(), delivered.slice(0, at));
        let expected = start;
        const verdicts: FoldVerdict[] = [];
        for (const event of delivered.slice(at)) {
          const outcome = foldEvent(expected, event);
          expected = outcome.state;
          verdicts.push(
            outcome.kind === 'rejected'
              ? { kind: 'rejected', reason: outcome.reason }
              : { kind: outcome.kind },
          );
        }
        const run = foldEventRun(start, delivered.slice(at));
        expect(run.state).toEqual(expected);
        expect(run.verdicts).toEqual(verdicts);
        expect(start).toEqual(startCopy);
      }),
      { numRuns: 300 },
    );
  });

  it('computeTotals of the current flights equals the oracle', () => {
    fc.assert(
      fc.property(logbookHistoryArb({ maxEvents: 60 }), ({ events }) => {
        const state = foldEvents(initialPilotTotalsState(), events);
        const current = events.flatMap(({ event }) =>
          (event.type === 'FlightRecorded' || event.type === 'FlightAmended') &&
          state.flights.has(event.payload.flight.flight_id)
            ? [event.payload.flight]
            : [],
        );
        // The latest form of each current flight: later events overwrite earlier ones.
        const latest = [...new Map(current.map((f) => [f.flight_id, f])).values()];
        expect(computeTotals(latest, state.starting)).toEqual(oracleTotalsOf(events));
      }),
      { numRuns: 300 },
    );
  });
});
