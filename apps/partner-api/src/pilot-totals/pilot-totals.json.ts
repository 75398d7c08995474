import fastJson from 'fast-json-stringify';
import { PILOT_TOTALS_VIEW_SCHEMA } from './pilot-totals.response-schema';
import { type PilotTotalsView } from './pilot-totals.reader';

const stringifyView: (view: PilotTotalsView) => string = fastJson({
  ...PILOT_TOTALS_VIEW_SCHEMA,
  type: 'object',
});

/**
 * Each answer's JSON, made once per answer object: an answer kept in memory (TotalsReadCache) is
 * the same object on every request that reads it, and is never changed, so its text is too. Held
 * weakly: it goes when the answer leaves the memory.
 */
const texts = new WeakMap<PilotTotalsView, string>();

export function pilotTotalsJson(view: PilotTotalsView): string {
  let text = texts.get(view);
  if (text === undefined) {
    text = stringifyView(view);
    texts.set(view, text);
  }
  return text;
}

/** `{ "pilots": [...] }` of the batch endpoint, from each answer's text. */
export function pilotTotalsBatchJson(views: readonly PilotTotalsView[]): string {
  return `{"pilots":[${views.map(pilotTotalsJson).join(',')}]}`;
}
