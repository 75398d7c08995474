import { LRUCache } from 'lru-cache';
import { type PilotTotalsView } from './pilot-totals.view';
import { type KeptEntry, type TotalsMemory } from './totals-memory';

/**
 * Bounded: past this many lists, the least recently asked go first. Each holds only references to
 * answers kept in memory anyway, and the batch's JSON made from them (about 30 KB for 50 pilots).
 */
export const MAX_REMEMBERED_BATCHES = 1_000;

export interface RememberedBatch {
  readonly partnerId: string;
  readonly entries: readonly KeptEntry[];
  /** The entries' answers, in order: the same array each time the batch is given again. */
  readonly views: readonly PilotTotalsView[];
}

const LOOK_UP: LRUCache.PeekOptions<string, RememberedBatch, unknown> = {};
const STORE: LRUCache.SetOptions<string, RememberedBatch, unknown> = {};

/**
 * Batches answered whole from memory, by the list of ids as the partner sent it. A partner polling
 * its pilots asks the same lists again and again; looking each of 50 ids up in a memory of up to
 * 100,000 answers is a look-up in a hash table far larger than the processor's caches for each id,
 * where one look-up of the list finds the 50 entries, each then checked as a
 * look-up would check it.
 *
 * The answers are given again only while every one of them still counts: for the same partner, under
 * the same revision, within its lifetime; otherwise the batch is looked up id by id, as before.
 */
export class RememberedBatches {
  private readonly batches = new LRUCache<string, RememberedBatch>({ max: MAX_REMEMBERED_BATCHES });

  /** `memory`: where the answers are kept, which says whether each still counts. */
  constructor(private readonly memory: TotalsMemory) {}

  /** The batch `asked` if it was remembered for `partnerId` and every answer still counts. */
  get(asked: string, partnerId: string, revision: string, now: number): RememberedBatch | undefined {
    const batch = this.batches.peek(asked, LOOK_UP);
    if (batch === undefined || batch.partnerId !== partnerId) return undefined;
    // Answers read together share one reading, checked once for all of them.
    let checked: KeptEntry['reading'] | undefined;
    for (const entry of batch.entries) {
      if (entry.reading === checked) continue;
      if (!this.memory.counts(entry, partnerId, revision, now)) return undefined;
      checked = entry.reading;
    }
    return batch;
  }

  /** Drops every batch one of whose answers was read before `before` (TotalsMemory.sweep). How many went. */
  sweep(before: number): number {
    const old: string[] = [];
    for (const [asked, batch] of this.batches.entries()) {
      if (batch.entries.some((entry) => entry.reading.readAt < before)) old.push(asked);
    }
    for (const asked of old) this.batches.delete(asked);
    return old.length;
  }

  /** Remembers the batch `asked`, answered whole from `entries` (in the order its answers are given). */
  set(asked: string, partnerId: string, entries: readonly KeptEntry[]): readonly PilotTotalsView[] {
    const views = entries.map((entry) => entry.view);
    this.batches.set(asked, { partnerId, entries, views }, STORE);
    return views;
  }
}
