import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Counter } from 'prom-client';
import { metricOnce } from '@pft/platform';
import { type KeptAnswer, PilotTotalsDatabase, type StoredAnswer } from './pilot-totals.database';
import { type PilotTotalsView } from './pilot-totals.view';
import { type KeptEntry, TotalsMemory } from './totals-memory';
import { PartnerApiConfig } from '../partner-api.config';

/**
 * Answers given from memory and read from the database since the last scrape: plain numbers, handed to
 * the counter below when /metrics reads it, rather than counting into prom-client's labelled series on
 * every read (a hash of the labels and a map look-up each time).
 */
const answered = { memory: 0, database: 0 };

/** Answers given from memory and read from the database, for /metrics (the hit rate). */
export const totalsReadCacheMetric = metricOnce(
  'pft_partner_totals_answers_total',
  () =>
    new Counter({
      name: 'pft_partner_totals_answers_total',
      help: 'Pilot totals answered to partners, by source: memory (TotalsReadCache) or database',
      labelNames: ['source'],
      collect() {
        for (const source of ['memory', 'database'] as const) {
          if (answered[source] > 0) this.inc({ source }, answered[source]);
          answered[source] = 0;
        }
      },
    }),
);

/** Counts `count` answers given from memory (each request counts into one source or both). */
export function countAnsweredFromMemory(count: number): void {
  answered.memory += count;
}

function countAnsweredFromDatabase(count: number): void {
  answered.database += count;
}

const NOTHING_KEPT: ReadonlyMap<string, KeptAnswer> = new Map();

/**
 * An answer no one has asked for in this long leaves memory (about SWEEP_EVERY_MS later): it would
 * only save a check of the database, and it holds a pilot's totals, which an erasure or a disconnect
 * since would otherwise leave here until newer answers pushed it out.
 */
export const KEPT_ANSWER_MAX_AGE_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 30_000;

/**
 * At most this many answers leave memory in one turn of the event loop, the rest in the turns after:
 * answers read together (a partner reading all its pilots) grow old together, and dropping 30,000 to
 * 35,000 of them at once held the event loop for 13 to 38 ms here, every request waiting; a thousand
 * take about a millisecond.
 */
export const SWEEP_SLICE = 1_000;

/**
 * The cache around the partner read path's database reads (PilotTotalsDatabase). Projected answers are
 * kept in this replica's memory (TotalsMemory) and given as they are only while the partner read
 * revision (read from Redis with the request's rate count) is the one they were read under, and for at
 * most PARTNER_TOTALS_CACHE_MS (0 turns the cache off): any projector batch, disconnect or version switch
 * moves the revision on, which every disconnect does before it returns, so a disconnect is effective at
 * the next request. Without a revision (Redis unreachable, or lost its keys) nothing is reused. An answer that stopped
 * counting is checked against the database before it is given again; the rest is read in full.
 */
@Injectable()
export class TotalsReadCache implements OnModuleInit, OnModuleDestroy {
  /** Database reads under way (see readShared). */
  private readonly reading = new Map<string, Promise<StoredAnswer[]>>();
  private readonly memory: TotalsMemory;
  private readonly log = new Logger(TotalsReadCache.name);
  readonly enabled: boolean;
  /** Told of each sweep, with its cut-off, to drop what they keep of answers read before it. */
  private readonly sweepers: ((before: number) => void)[] = [];
  private sweeping?: NodeJS.Timeout;
  /** The next slice of a sweep under way. */
  private sweepingOn?: NodeJS.Immediate;

  constructor(
    config: PartnerApiConfig,
    private readonly database: PilotTotalsDatabase,
  ) {
    this.memory = new TotalsMemory(config.PARTNER_TOTALS_CACHE_MS);
    this.enabled = config.PARTNER_TOTALS_CACHE_MS > 0;
  }

  onModuleInit(): void {
    if (!this.enabled) return;
    this.sweeping = setInterval(() => this.sweep(Date.now()), SWEEP_EVERY_MS);
    this.sweeping.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeping);
    clearImmediate(this.sweepingOn);
  }

  /**
   * Drops the answers no one has asked for since KEPT_ANSWER_MAX_AGE_MS before `now`, here and in what
   * each sweeper keeps: SWEEP_SLICE of them from memory now, and as many in each later turn of the event
   * loop until none is left (a sweep under way gives way to the next one).
   */
  sweep(now: number): void {
    const before = now - KEPT_ANSWER_MAX_AGE_MS;
    for (const sweeper of this.sweepers) sweeper(before);
    clearImmediate(this.sweepingOn);
    this.sweepSlice(before);
  }

  private sweepSlice(before: number): void {
    this.sweepingOn =
      this.memory.sweep(before, SWEEP_SLICE) === SWEEP_SLICE
        ? setImmediate(() => this.sweepSlice(before))
        : undefined;
  }

  /** `sweeper` is called with each sweep's cut-off: whoever holds kept answers drops those read before it. */
  onSweep(sweeper: (before: number) => void): void {
    this.sweepers.push(sweeper);
  }

  /**
   * The answer kept for `pilotId` if it counts under `revision` at `now`; not counted in the metric (the
   * caller counts a request's answers from memory at once). Only while `enabled`. Past most of its
   * lifetime, it is renewed in the background (renewDue).
   */
  remembered(partnerId: string, pilotId: string, revision: string, now: number): PilotTotalsView | undefined {
    const entry = this.memory.entry(partnerId, pilotId, revision, now);
    if (entry !== undefined && this.memory.renewalDue(entry, now))
      this.renew(partnerId, [pilotId], revision, now);
    return entry?.view;
  }

  /**
   * Renews in the background those of `entries` (given from memory under `revision` at `now`; a gap
   * where an answer was not in memory) past RENEW_AFTER_SHARE of their lifetime, one check for all of
   * them: a batch's answers from memory.
   */
  renewDue(
    partnerId: string,
    entries: readonly (KeptEntry | undefined)[],
    revision: string,
    now: number,
  ): void {
    let due: string[] | undefined;
    for (const entry of entries)
      if (entry !== undefined && this.memory.renewalDue(entry, now)) (due ??= []).push(entry.view.pilot_id);
    if (due !== undefined) this.renew(partnerId, due, revision, now);
  }

  /** As `remembered`, with the entry the answer comes from, for `stillCounts`. */
  rememberedEntry(partnerId: string, pilotId: string, revision: string, now: number): KeptEntry | undefined {
    return this.memory.entry(partnerId, pilotId, revision, now);
  }

  /** Whether an entry `rememberedEntry` gave may still be given as it is (TotalsMemory.counts). */
  stillCounts(entry: KeptEntry, partnerId: string, revision: string, now: number): boolean {
    return this.memory.counts(entry, partnerId, revision, now);
  }

  /**
   * The answers of `pilotIds` that memory did not give, in their order, without those that do not
   * resolve. `revision`: the partner read revision seen before this read, and `now` the time of the
   * look-up in memory; null reads everything afresh and keeps nothing.
   */
  async read(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string | null,
    now: number,
  ): Promise<StoredAnswer[]> {
    if (revision === null || !this.enabled)
      return counted(await this.readStored(partnerId, pilotIds, NOTHING_KEPT));
    return counted(await this.readAndKeep(partnerId, pilotIds, revision, now));
  }

  /**
   * Checks the kept answers of `pilotIds` against the database now, in the background, and keeps them
   * anew as read at `now` under `revision` (both seen before this check, as `read` takes them). An
   * answer in use is then renewed before its lifetime ends, so no request waits for the database while
   * the revision holds: with one pilot read thousands of times a second, every request that came while
   * its answer was checked on expiry waited for that round trip, and for any stall of Postgres in it.
   * Answers the check finds changed are read in full, those no longer connected dropped, as `read` does.
   * Not counted in the metric: no partner is answered. On failure the answers are left to end their
   * lifetime and be checked by the request that finds them so.
   */
  private renew(partnerId: string, pilotIds: readonly string[], revision: string, now: number): void {
    this.readAndKeep(partnerId, pilotIds, revision, now).catch((err: unknown) =>
      this.log.warn(`renewing ${pilotIds.length} answers kept in memory failed: ${String(err)}`),
    );
  }

  /** `read` under a revision, with the cache on: what memory keeps of the answers is checked, the rest read. */
  private async readAndKeep(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string,
    now: number,
  ): Promise<StoredAnswer[]> {
    const kept = new Map<string, KeptAnswer>();
    for (const pilotId of pilotIds) {
      const earlier = this.memory.kept(partnerId, pilotId);
      if (earlier) kept.set(pilotId, earlier);
    }
    const stored = await this.readShared(partnerId, pilotIds, revision, kept);
    // A kept answer the database no longer gives (the pilot disconnected, or erased) is dropped.
    if (kept.size > 0) this.forgetUnanswered(partnerId, kept, stored);
    // Live answers (not projected yet) are as of now: never kept.
    this.memory.put(
      partnerId,
      stored.filter((answer): answer is KeptAnswer => answer.versions !== null),
      revision,
      now,
    );
    return stored;
  }

  private forgetUnanswered(
    partnerId: string,
    kept: ReadonlyMap<string, KeptAnswer>,
    stored: readonly StoredAnswer[],
  ): void {
    const answered = new Set(stored.map((answer) => answer.view.pilot_id));
    for (const pilotId of kept.keys()) if (!answered.has(pilotId)) this.memory.forget(partnerId, pilotId);
  }

  /**
   * One database read for the requests that miss the same ids under the same revision at the same
   * time (every replica's memory empties at once when the revision moves on or entries reach the end
   * of their lifetime): they wait for the read the first one started instead of each starting one.
   * Sharing it is as safe as the memory itself: all of them saw the revision it was started under.
   */
  private readShared(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string,
    kept: ReadonlyMap<string, KeptAnswer>,
  ): Promise<StoredAnswer[]> {
    const key = `${revision}/${partnerId}/${pilotIds.join(',')}`;
    const pending = this.reading.get(key);
    if (pending) return pending;
    const read = this.readStored(partnerId, pilotIds, kept).finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  /** In the order of `pilotIds`: a pilot with a kept answer is checked first, the others read in full. */
  private async readStored(
    partnerId: string,
    pilotIds: readonly string[],
    kept: ReadonlyMap<string, KeptAnswer>,
  ): Promise<StoredAnswer[]> {
    const answers = new Map<string, StoredAnswer>();
    const toRead = pilotIds.filter((id) => !kept.has(id));
    const toCheck = pilotIds.filter((id) => kept.has(id));
    if (toCheck.length > 0) {
      const { held, changed } = await this.database.check(partnerId, toCheck, kept);
      for (const answer of held) answers.set(answer.view.pilot_id, answer);
      toRead.push(...changed);
    }
    if (toRead.length > 0) {
      for (const answer of await this.database.read(partnerId, toRead))
        answers.set(answer.view.pilot_id, answer);
    }
    return pilotIds.flatMap((id) => answers.get(id) ?? []);
  }
}

function counted(answers: StoredAnswer[]): StoredAnswer[] {
  countAnsweredFromDatabase(answers.length);
  return answers;
}
