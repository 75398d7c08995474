import { randomUUID } from 'node:crypto';
import { PilotTotalsView } from '@pft/totals';
import { computeTotals } from '@pft/totals/domain';
import { pilotTotalsBatchJson } from './pilot-totals-batch.json';

const answer = (): PilotTotalsView =>
  PilotTotalsView.of(randomUUID(), '2026-11-22T10:00:00.000Z', computeTotals([], null));

describe('the JSON of a batch of totals answers', () => {
  it('lists a batch in the order given, and an empty batch as an empty list', () => {
    const views = [answer(), answer(), answer()];
    const batchText = (batch: PilotTotalsView[]): string =>
      Buffer.concat([...pilotTotalsBatchJson(batch)]).toString();
    const parsed = (batch: PilotTotalsView[]): unknown[] =>
      batch.map((view) => JSON.parse(view.json) as unknown);
    expect(JSON.parse(batchText(views))).toEqual({ pilots: parsed(views) });
    expect(JSON.parse(batchText([views[1]!, views[1]!]))).toEqual({ pilots: parsed([views[1]!, views[1]!]) });
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
