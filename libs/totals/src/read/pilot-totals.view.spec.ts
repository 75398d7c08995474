import { randomUUID } from 'node:crypto';
import { type PilotTotals } from '@pft/contracts';
import { computeTotals } from '@pft/totals/domain';
import { parseFlight } from '@pft/logbook/domain';
import { flightBody } from '@pft/testing';
import { TOTALS_ANSWER_FIELDS } from '@pft/testing/oracle';
import { PilotTotalsView } from './pilot-totals.view';

/** A pilot's totals after a few flights, one of them at night on a type rating. */
function totals(): PilotTotals {
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
  return computeTotals(flights, null);
}

const LAST_UPDATED = '2026-11-22T10:00:00.000Z';
const answer = (): PilotTotalsView => PilotTotalsView.of(randomUUID(), LAST_UPDATED, totals());
/** The answer as JSON.stringify writes it, the properties in the specification's order. */
const expected = (view: PilotTotalsView, figures: PilotTotals): string =>
  JSON.stringify({ pilot_id: view.pilot_id, last_updated: view.last_updated, ...figures });

describe('the JSON of totals answers', () => {
  it('holds every field of the answer, with the same values, in the order of the specification', () => {
    const figures = totals();
    const view = PilotTotalsView.of(randomUUID(), LAST_UPDATED, figures);
    expect(view.json).toBe(expected(view, figures));
    expect(Object.keys(JSON.parse(view.json))).toEqual(TOTALS_ANSWER_FIELDS);
  });

  it('gives the same totals as of another time as a new answer, the earlier one unchanged', () => {
    const figures = totals();
    const view = PilotTotalsView.of(randomUUID(), LAST_UPDATED, figures);
    const earlierJson = view.json;
    const later = view.at('2026-11-23T08:30:00.000Z');
    expect(later).not.toBe(view);
    expect(later.last_updated).toBe('2026-11-23T08:30:00.000Z');
    expect(later.json).toBe(expected(later, figures));
    expect(view.json).toBe(earlierJson);
    // The same time again: the same answer.
    expect(view.at(LAST_UPDATED)).toBe(view);
  });

  it("makes an answer's bytes once, the UTF-8 of its JSON", () => {
    const view = answer();
    expect(view.bytes.toString('utf8')).toBe(view.json);
    expect(view.bytes).toBe(view.bytes);
  });
});
