import { Injectable } from '@nestjs/common';
import { Counter, register } from 'prom-client';
import { AppConfig } from '@pft/infrastructure';
import { type PilotTotalsView } from './pilot-totals.reader';

/** Which projected row an answer was made from: the row is unchanged while both are the same. */
export interface RowVersions {
  /** The pilot's logbook stream version folded into the row. */
  stream: number;
  /** The projection version (tables) the row belongs to. */
  projection: number;
}

/** An answer kept from an earlier read, for a cheap check of whether its row has changed since. */
export interface KeptAnswer {
  view: PilotTotalsView;
  versions: RowVersions;
}

interface Entry extends KeptAnswer {
  /** The partner read revision current before the answer was read from the database. */
  revision: string;
  readAt: number;
  /**
   * False once the entry was found under another revision or past its lifetime: from then on it is
   * never given as it is again (a revision can come back, after Redis lost its keys), only checked.
   */
  fresh: boolean;
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
 * Projected totals answers kept in this replica's memory, per partner and pilot_id. One is given as it
 * is only while the partner read revision (read from Redis with the request's rate count) is the one it
 * was read under, and for at most PARTNER_TOTALS_CACHE_MS: any projector batch, disconnect or version
 * switch moves the revision on and every entry read before it stops counting. Without a revision (Redis
 * unreachable) nothing is reused. An entry that stopped counting is kept for `kept`: the reader then
 * asks the database whether its pilot is still connected and its row unchanged (PilotTotalsReader).
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

  /** The partner's answers, for `get` and `kept` on each of a request's pilot ids. */
  of(partnerId: string): PartnerAnswers {
    return new PartnerAnswers(this.partners.get(partnerId), this.lifetimeMs);
  }

  /** `revision` must be the one read before the database was: a change after it moves it on. */
  put(partnerId: string, answer: KeptAnswer, revision: string, now: number): void {
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
    if (!answers.has(answer.view.pilot_id)) this.size++;
    answers.set(answer.view.pilot_id, { ...answer, revision, readAt: now, fresh: true });
  }
}

/** One partner's answers in a TotalsReadCache. */
export class PartnerAnswers {
  constructor(
    private readonly entries: Map<string, Entry> | undefined,
    private readonly lifetimeMs: number,
  ) {}

  /** The answer for `pilotId` if it was read under `revision` and is within its lifetime at `now`. */
  get(pilotId: string, revision: string, now: number): PilotTotalsView | undefined {
    const entry = this.entries?.get(pilotId);
    if (!entry?.fresh) return undefined;
    if (entry.revision !== revision || now - entry.readAt >= this.lifetimeMs) {
      entry.fresh = false;
      return undefined;
    }
    return entry.view;
  }

  /** The answer kept for `pilotId`, fresh or not: to be checked against the database before use. */
  kept(pilotId: string): KeptAnswer | undefined {
    const entry = this.entries?.get(pilotId);
    return entry && { view: entry.view, versions: entry.versions };
  }
}
