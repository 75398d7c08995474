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
  /** Per partner, then per pilot_id: a batch of 50 looks up 50 ids without building a key for each. */
  private readonly partners = new Map<string, Map<string, Entry>>();
  private size = 0;
  private readonly lifetimeMs: number;

  constructor(config: AppConfig) {
    this.lifetimeMs = config.PARTNER_TOTALS_CACHE_MS;
  }

  get enabled(): boolean {
    return this.lifetimeMs > 0;
  }

  /** The partner's answers, for `get` on each of a request's pilot ids. */
  of(partnerId: string): PartnerAnswers {
    return new PartnerAnswers(this.partners.get(partnerId), this.lifetimeMs, () => this.size--);
  }

  get(partnerId: string, pilotId: string, revision: string, now: number): PilotTotalsView | undefined {
    return this.of(partnerId).get(pilotId, revision, now);
  }

  /** `revision` must be the one read before the database was: a change after it moves it on. */
  put(partnerId: string, view: PilotTotalsView, revision: string, now: number): void {
    if (!this.enabled) return;
    if (this.size >= MAX_ENTRIES) {
      this.partners.clear();
      this.size = 0;
    }
    let answers = this.partners.get(partnerId);
    if (!answers) {
      answers = new Map();
      this.partners.set(partnerId, answers);
    }
    if (!answers.has(view.pilot_id)) this.size++;
    answers.set(view.pilot_id, { view, revision, readAt: now });
  }
}

/** One partner's answers in a TotalsReadCache. */
export class PartnerAnswers {
  constructor(
    private readonly entries: Map<string, Entry> | undefined,
    private readonly lifetimeMs: number,
    private readonly forgotten: () => void,
  ) {}

  /** The answer for `pilotId` if it was read under `revision` and is within its lifetime at `now`. */
  get(pilotId: string, revision: string, now: number): PilotTotalsView | undefined {
    const entry = this.entries?.get(pilotId);
    if (!entry) return undefined;
    if (entry.revision !== revision || now - entry.readAt >= this.lifetimeMs) {
      this.entries!.delete(pilotId);
      this.forgotten();
      return undefined;
    }
    return entry.view;
  }
}
