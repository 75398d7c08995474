import { Injectable } from '@nestjs/common';
import { type PilotTotalsView } from '../pilot-totals/pilot-totals.view';
import { answeredFromMemory, TotalsReadCache } from '../pilot-totals/totals-read-cache';

/** What GET /v1/pilot-totals/batch reads: up to 50 pilots' answers, those in memory looked up there. */
@Injectable()
export class PilotTotalsBatchReader {
  constructor(private readonly cache: TotalsReadCache) {}

  /**
   * The answers of `pilotIds` (lower-case, distinct) by position: undefined where an id does not
   * resolve for `partnerId`. `readRevision`: the partner read revision seen before this read; null
   * reads everything afresh.
   */
  async read(
    partnerId: string,
    pilotIds: readonly string[],
    readRevision: string | null,
  ): Promise<(PilotTotalsView | undefined)[]> {
    const now = Date.now();
    // By position, in an array: the common case, every answer in memory, builds nothing else.
    const views = new Array<PilotTotalsView | undefined>(pilotIds.length);
    if (readRevision !== null && this.cache.enabled) {
      let inMemory = 0;
      for (let i = 0; i < pilotIds.length; i++) {
        const view = this.cache.remembered(partnerId, pilotIds[i]!, readRevision, now);
        if (view !== undefined) {
          views[i] = view;
          inMemory++;
        }
      }
      if (inMemory > 0) answeredFromMemory.inc(inMemory);
      if (inMemory === pilotIds.length) return views;
    }
    const missing = pilotIds.filter((_, i) => views[i] === undefined);
    const read = new Map(
      (await this.cache.read(partnerId, missing, readRevision, now)).map(({ view }) => [view.pilot_id, view]),
    );
    for (let i = 0; i < pilotIds.length; i++) views[i] ??= read.get(pilotIds[i]!);
    return views;
  }
}
