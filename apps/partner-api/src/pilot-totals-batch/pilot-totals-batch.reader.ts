import { Injectable } from '@nestjs/common';
import { type PilotTotalsView } from '../pilot-totals/pilot-totals.view';
import { countAnsweredFromMemory, TotalsReadCache } from '../pilot-totals/totals-read-cache';
import { type KeptEntry } from '../pilot-totals/totals-memory';
import { RememberedBatches } from './remembered-batches';

/** What GET /v1/pilot-totals/batch reads: up to 50 pilots' answers, those in memory looked up there. */
@Injectable()
export class PilotTotalsBatchReader {
  private readonly batches: RememberedBatches;

  constructor(private readonly cache: TotalsReadCache) {
    this.batches = new RememberedBatches((entry, partnerId, revision, now) =>
      cache.stillCounts(entry, partnerId, revision, now),
    );
    cache.onSweep((before) => this.batches.sweep(before));
  }

  /**
   * The answers of `pilotIds` (lower-case, distinct) by position: undefined where an id does not
   * resolve for `partnerId`. `readRevision`: the partner read revision seen before this read; null
   * reads everything afresh. `asked`: the list as the partner sent it, under which a batch answered
   * whole from memory is remembered (RememberedBatches); the array given is then shared, never to be
   * changed.
   */
  async read(
    partnerId: string,
    pilotIds: readonly string[],
    readRevision: string | null,
    asked?: string,
  ): Promise<readonly (PilotTotalsView | undefined)[]> {
    const now = Date.now();
    // By position, in an array: the common case, every answer in memory, builds nothing else.
    const views = new Array<PilotTotalsView | undefined>(pilotIds.length);
    if (readRevision !== null && this.cache.enabled) {
      const again = asked === undefined ? undefined : this.batches.get(asked, partnerId, readRevision, now);
      if (again !== undefined) {
        countAnsweredFromMemory(again.views.length);
        this.cache.renewDue(partnerId, again.entries, readRevision, now);
        return again.views;
      }
      const entries = new Array<KeptEntry>(pilotIds.length);
      let inMemory = 0;
      for (let i = 0; i < pilotIds.length; i++) {
        const entry = this.cache.rememberedEntry(partnerId, pilotIds[i]!, readRevision, now);
        if (entry !== undefined) {
          entries[i] = entry;
          views[i] = entry.view;
          inMemory++;
        }
      }
      if (inMemory > 0) countAnsweredFromMemory(inMemory);
      if (inMemory > 0) this.cache.renewDue(partnerId, entries, readRevision, now);
      if (inMemory === pilotIds.length)
        return asked === undefined ? views : this.batches.set(asked, partnerId, entries);
    }
    const missing = pilotIds.filter((_, i) => views[i] === undefined);
    const read = new Map(
      (await this.cache.read(partnerId, missing, readRevision, now)).map(({ view }) => [view.pilot_id, view]),
    );
    for (let i = 0; i < pilotIds.length; i++) views[i] ??= read.get(pilotIds[i]!);
    return views;
  }
}
