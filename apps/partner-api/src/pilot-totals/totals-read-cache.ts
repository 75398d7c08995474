import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { AppConfig } from '@pft/platform';
import { type PilotTotalsView } from './pilot-totals.view';
import { metricOnce } from '@pft/platform';

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

/**
 * When and under which revision answers were read from the database: one for all the answers of one
 * read (a batch's 50), so a look-up compares with an object those answers share instead of each its own.
 */
interface Reading {
  /** The partner read revision current before the answers were read from the database. */
  readonly revision: string;
  readonly readAt: number;
  /**
   * False once an answer of this reading was found under another revision or past its lifetime (so
   * all of them are): from then on none is given as it is again (a revision can come back, after Redis
   * lost its keys), only checked.
   */
  fresh: boolean;
}

interface Entry extends KeptAnswer {
  readonly reading: Reading;
}

/** Answers given from memory and read from the database, for /metrics (the hit rate). */
export const totalsReadCacheMetric = metricOnce(
  'pft_partner_totals_answers_total',
  () =>
    new Counter({
      name: 'pft_partner_totals_answers_total',
      help: 'Pilot totals answered to partners, by source: memory (TotalsReadCache) or database',
      labelNames: ['source'],
    }),
);

/** The two series of the metric, bound once (each request counts into one or both). */
export const answeredFromMemory = totalsReadCacheMetric.labels('memory');
export const answeredFromDatabase = totalsReadCacheMetric.labels('database');

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

  /**
   * The answers of one database read, all under `revision`, which must be the one read before the
   * database was: a change after it moves it on.
   */
  put(partnerId: string, answers: readonly KeptAnswer[], revision: string, now: number): void {
    if (!this.enabled || answers.length === 0) return;
    if (this.size + answers.length > MAX_ENTRIES) {
      this.partners.clear();
      this.size = 0;
    }
    let kept = this.partners.get(partnerId);
    if (!kept) {
      kept = new Map();
      this.partners.set(partnerId, kept);
    }
    const reading: Reading = { revision, readAt: now, fresh: true };
    for (const { view, versions } of answers) {
      const before = kept.size;
      kept.set(view.pilot_id, { view, versions, reading });
      this.size += kept.size - before;
    }
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
    if (entry === undefined) return undefined;
    const reading = entry.reading;
    if (!reading.fresh) return undefined;
    if (reading.revision !== revision || now - reading.readAt >= this.lifetimeMs) {
      reading.fresh = false;
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
