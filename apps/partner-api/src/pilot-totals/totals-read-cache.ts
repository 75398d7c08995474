import { Injectable } from '@nestjs/common';
import { Counter, register } from 'prom-client';
import { AppConfig } from '@pft/infrastructure';
import { type PilotTotalsView } from './pilot-totals.reader';

interface Entry {
  view: PilotTotalsView;
  /** The partner read revision current before the answer was read from the database. */
  revision: string;
  readAt: number;
}

/** Answers given from memory and read from the database, for /metrics (the hit rate). */
export const totalsReadCacheMetric =
  (register.getSingleMetric('pft_partner_totals_answers_total') as Counter<'source'> | undefined) ??
  new Counter({
    name: 'pft_partner_totals_answers_total',
    help: 'Pilot totals answered to partners, by source: memory (TotalsReadCache) or database',
    labelNames: ['source'],
  });

/** Bounded: a partner walking through more pilots than this empties it and starts again. */
const MAX_ENTRIES = 100_000;

/**
 * Projected totals answers kept in this replica's memory, per partner and pilot_id. One is reused only
 * while the partner read revision (read from Redis with the request's rate count) is the one it was
 * read under, and for at most PARTNER_TOTALS_CACHE_MS: any projector batch, disconnect or version
 * switch moves the revision on and every entry read before it stops counting. Without a revision
 * (Redis unreachable) nothing is reused.
 */
@Injectable()
export class TotalsReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly lifetimeMs: number;

  constructor(config: AppConfig) {
    this.lifetimeMs = config.PARTNER_TOTALS_CACHE_MS;
  }

  get enabled(): boolean {
    return this.lifetimeMs > 0;
  }

  get(partnerId: string, pilotId: string, revision: string, now: number): PilotTotalsView | undefined {
    const key = `${partnerId}/${pilotId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.revision !== revision || now - entry.readAt >= this.lifetimeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.view;
  }

  /** `revision` must be the one read before the database was: a change after it moves it on. */
  put(partnerId: string, view: PilotTotalsView, revision: string, now: number): void {
    if (!this.enabled) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(`${partnerId}/${view.pilot_id}`, { view, revision, readAt: now });
  }
}
