import { randomUUID } from 'node:crypto';
import { computeTotals, parseFlight } from '@pft/domain';
import { flightBody } from '@pft/testing';
import { pilotTotalsBatchJson, pilotTotalsJson } from './pilot-totals.json';
import { type PilotTotalsView } from './pilot-totals.view';

/** A pilot's totals answer after a few flights, one of them at night on a type rating. */
function answer(): PilotTotalsView {
  const flights = [
    flightBody(),
    flightBody({ date: '2026-05-03' }),
    flightBody({
      aircraft: { category: 'airplane', rating_key: 'type_a320', registration: 'D-AIZZ' },
      minutes: { total_flight_time: 120, pic: 120, night: 60, multi_engine: 120, multi_pilot: 120 },
      landings: { day: 0, night: 1 },
    }),
  ].map((body) => {
    const parsed = parseFlight(body, '2026-11-22');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    return parsed.value;
  });
  return {
    pilot_id: randomUUID(),
    last_updated: '2026-11-22T10:00:00.000Z',
    ...computeTotals(flights, null),
  };
}

describe('the JSON of totals answers', () => {
  it('holds every field of the answer, with the same values', () => {
    const view = answer();
    expect(JSON.parse(pilotTotalsJson(view))).toEqual(JSON.parse(JSON.stringify(view)));
    expect(Object.keys(JSON.parse(pilotTotalsJson(view)))).toEqual(Object.keys(view));
  });

  it('is made once per answer object and reused while that object lives', () => {
    const view = answer();
    const first = pilotTotalsJson(view);
    // Answers are never changed once made; were one changed, its remembered text would still be given.
    const mutable = view as { flight_count: number };
    mutable.flight_count += 1;
    expect(pilotTotalsJson(view)).toBe(first);
    // Another object with other values gets its own text, never the first one's.
    const other = { ...view, flight_count: view.flight_count + 1 };
    expect(JSON.parse(pilotTotalsJson(other)).flight_count).toBe(view.flight_count + 1);
  });

  it('lists a batch in the order given, and an empty batch as an empty list', () => {
    const views = [answer(), answer(), answer()];
    const batchText = (batch: PilotTotalsView[]): string =>
      Buffer.concat([...pilotTotalsBatchJson(batch)]).toString();
    expect(JSON.parse(batchText(views))).toEqual({ pilots: JSON.parse(JSON.stringify(views)) });
    expect(JSON.parse(batchText([views[1]!, views[1]!]))).toEqual({
      pilots: JSON.parse(JSON.stringify([views[1], views[1]])),
    });
    expect(JSON.parse(batchText([]))).toEqual({ pilots: [] });
  });

  it("makes a batch's bytes once per array of answers", () => {
    const views = [answer(), answer()];
    const first = pilotTotalsBatchJson(views);
    expect(pilotTotalsBatchJson(views)).toBe(first);
    const copy = [...views];
    expect(pilotTotalsBatchJson(copy)).not.toBe(first);
    expect(Buffer.concat([...pilotTotalsBatchJson(copy)])).toEqual(Buffer.concat([...first]));
  });
});
