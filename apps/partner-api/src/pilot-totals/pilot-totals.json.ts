import fastJson from 'fast-json-stringify';
import { PILOT_TOTALS_VIEW_SCHEMA } from './pilot-totals.response-schema';
import { type PilotTotalsView } from './pilot-totals.view';

const stringifyView: (view: PilotTotalsView) => string = fastJson({
  ...PILOT_TOTALS_VIEW_SCHEMA,
  type: 'object',
});

/**
 * Each answer's JSON, made once per answer object: an answer kept in memory (TotalsReadCache) is
 * the same object on every request that reads it, and is never changed, so its text is too. Kept as
 * text (the single read) and as UTF-8 bytes (a batch: its answers are copied into the response as
 * they are, never joined into a string and encoded again). Held weakly: it goes when the answer
 * leaves the memory.
 */
const texts = new WeakMap<PilotTotalsView, string>();
const bytes = new WeakMap<PilotTotalsView, Buffer>();

/**
 * The same text as one flat string. fast-json-stringify builds its output by concatenation, which V8
 * keeps as a tree of pieces that every use (an envelope around it, a write to a socket) walks again;
 * converting a string to a number makes V8 flatten it in place. The number itself is not used.
 */
function flat(text: string): string {
  Number(text);
  return text;
}

export function pilotTotalsJson(view: PilotTotalsView): string {
  let text = texts.get(view);
  if (text === undefined) {
    text = flat(stringifyView(view));
    texts.set(view, text);
  }
  return text;
}

function pilotTotalsBytes(view: PilotTotalsView): Buffer {
  let made = bytes.get(view);
  if (made === undefined) {
    made = Buffer.from(pilotTotalsJson(view));
    bytes.set(view, made);
  }
  return made;
}

const BATCH_OPENING = Buffer.from('{"pilots":[');
const COMMA = Buffer.from(',');
const BATCH_CLOSING = Buffer.from(']}');

/**
 * Each batch's bytes, made once per array of answers: a batch answered whole from memory is the same
 * array on every request that asks for it again (RememberedBatches), and is never changed.
 */
const batchBytes = new WeakMap<readonly PilotTotalsView[], readonly Buffer[]>();

/** `{ "pilots": [...] }` of the batch endpoint, as bytes, from each answer's bytes. */
export function pilotTotalsBatchJson(views: readonly PilotTotalsView[]): readonly Buffer[] {
  let made = batchBytes.get(views);
  if (made === undefined) {
    const pieces: Buffer[] = [BATCH_OPENING];
    views.forEach((view, i) => {
      if (i > 0) pieces.push(COMMA);
      pieces.push(pilotTotalsBytes(view));
    });
    pieces.push(BATCH_CLOSING);
    made = [Buffer.concat(pieces)];
    batchBytes.set(views, made);
  }
  return made;
}
