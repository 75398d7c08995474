import { Injectable } from '@nestjs/common';
import { type PilotTotalsView } from './pilot-totals.view';
import { countAnsweredFromMemory, TotalsReadCache } from './totals-read-cache';

/** What GET /v1/pilot-totals reads: one pilot's answer, from memory when it counts, else through the cache. */
@Injectable()
export class PilotTotalsReader {
  constructor(private readonly cache: TotalsReadCache) {}

  /**
   * The answer for `pilotId` (lower-case), or undefined when it does not resolve for `partnerId`.
   * `readRevision`: the partner read revision seen before this read; null reads it afresh.
   */
  async read(
    partnerId: string,
    pilotId: string,
    readRevision: string | null,
  ): Promise<PilotTotalsView | undefined> {
    const now = Date.now();
    if (readRevision !== null && this.cache.enabled) {
      const view = this.cache.remembered(partnerId, pilotId, readRevision, now);
      if (view !== undefined) {
        countAnsweredFromMemory(1);
        return view;
      }
    }
    const [answer] = await this.cache.read(partnerId, [pilotId], readRevision, now);
    return answer?.view;
  }
}
