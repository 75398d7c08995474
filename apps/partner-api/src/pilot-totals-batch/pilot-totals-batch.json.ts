import { type PilotTotalsView } from '@pft/totals';

const BATCH_OPENING = Buffer.from('{"pilots":[');
const COMMA = Buffer.from(',');
const BATCH_CLOSING = Buffer.from(']}');

/**
 * Each batch's bytes, made once per array of answers: a batch answered whole from memory is the same
 * array on every request that asks for it again (RememberedBatches), and is never changed. Held
 * weakly: it goes when the batch leaves the memory.
 */
const batchBytes = new WeakMap<readonly PilotTotalsView[], readonly Buffer[]>();

/** `{ "pilots": [...] }` of the batch endpoint, as bytes, from each answer's bytes. */
export function pilotTotalsBatchJson(views: readonly PilotTotalsView[]): readonly Buffer[] {
  let made = batchBytes.get(views);
  if (made === undefined) {
    const pieces: Buffer[] = [BATCH_OPENING];
    views.forEach((view, i) => {
      if (i > 0) pieces.push(COMMA);
      pieces.push(view.bytes);
    });
    pieces.push(BATCH_CLOSING);
    made = [Buffer.concat(pieces)];
    batchBytes.set(views, made);
  }
  return made;
}
