import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { parsePilotIdList, type PilotIdListParse } from '@pft/partners/domain';
import { MAX_REMEMBERED_BATCHES } from '@pft/totals';

type Parsed = Extract<PilotIdListParse, { ok: true }>;

const LOOK_UP: LRUCache.PeekOptions<string, Parsed, unknown> = {};
const STORE: LRUCache.SetOptions<string, Parsed, unknown> = {};

/**
 * `pilot_ids` lists parsed before, by the text as sent: a partner polling its pilots sends the same
 * lists again and again, and parsing one of 50 checks 1,849 characters and makes 50 ids. Looking the
 * text up costs its hash,
 * which the engine then keeps on the string for the look-up of the batch answered from memory
 * (RememberedBatches) by the same text. Only lists that parsed are kept, as many as batches are
 * remembered; the ids given are shared, never to be changed.
 */
@Injectable()
export class ParsedPilotIdLists {
  private readonly lists = new LRUCache<string, Parsed>({ max: MAX_REMEMBERED_BATCHES });

  /** What parsePilotIdList gives for `raw`. */
  parse(raw: unknown): PilotIdListParse {
    if (typeof raw !== 'string') return parsePilotIdList(raw);
    const known = this.lists.peek(raw, LOOK_UP);
    if (known !== undefined) return known;
    const parsed = parsePilotIdList(raw);
    if (parsed.ok) this.lists.set(raw, parsed, STORE);
    return parsed;
  }
}
