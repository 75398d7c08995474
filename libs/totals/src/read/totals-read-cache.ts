import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PARTNER_READS_CONFIG, type PartnerReadsVariables } from './partner-reads-variables';
import { type KeptAnswer, type StoredAnswer } from './pilot-totals.database';
import { type PilotTotalsView } from './pilot-totals.view';
import { type RememberedBatch, RememberedBatches } from './remembered-batches';
import { type KeptEntry, TotalsMemory } from './totals-memory';

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
 * The one cache of the totals read model, in this replica's memory: projected answers (TotalsMemory)
 * and the batches answered whole from them (RememberedBatches). An answer is given as it is only while
 * the partner read revision (read from Redis with the request's rate count) is the one it was read
 * under, and for at most PARTNER_TOTALS_CACHE_MS (0 turns the cache off): any projector batch,
 * disconnect or version switch moves the revision on, which every disconnect does before it returns,
 * so a disconnect is effective at the next request. Without a revision (Redis unreachable, or lost its
 * keys) nothing is reused. An answer that stopped counting is kept for a check against the database.
 * It reads nothing itself: the read model looks up, reads the database, and hands it what to keep.
 */
@Injectable()
export class TotalsReadCache implements OnModuleInit, OnModuleDestroy {
  private readonly memory: TotalsMemory;
  private readonly batches: RememberedBatches;
  readonly enabled: boolean;
  /** PARTNER_TOTALS_CACHE_MS: how long after the request that read it an answer may be given as it is. */
  private readonly lifetimeMs: number;
  private sweeping?: NodeJS.Timeout;
  /** The next slice of a sweep under way. */
  private sweepingOn?: NodeJS.Immediate;

  constructor(
    @Inject(PARTNER_READS_CONFIG.token) config: Pick<PartnerReadsVariables, 'PARTNER_TOTALS_CACHE_MS'>,
  ) {
    this.memory = new TotalsMemory(config.PARTNER_TOTALS_CACHE_MS);
    this.batches = new RememberedBatches(this.memory);
    this.enabled = config.PARTNER_TOTALS_CACHE_MS > 0;
    this.lifetimeMs = config.PARTNER_TOTALS_CACHE_MS;
  }

  /**
   * Whether an answer read by a request made at `readAt` may still be given at `now`, as a kept one
   * would be (TotalsMemory.counts): what a database read under way may be joined for.
   */
  counts(readAt: number, now: number): boolean {
    return now - readAt < this.lifetimeMs;
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
   * Drops the answers no one has asked for since KEPT_ANSWER_MAX_AGE_MS before `now`, and the batches
   * made of them: SWEEP_SLICE answers now, and as many in each later turn of the event loop until none
   * is left (a sweep under way gives way to the next one).
   */
  sweep(now: number): void {
    const before = now - KEPT_ANSWER_MAX_AGE_MS;
    this.batches.sweep(before);
    clearImmediate(this.sweepingOn);
    this.sweepSlice(before);
  }

  private sweepSlice(before: number): void {
    this.sweepingOn =
      this.memory.sweep(before, SWEEP_SLICE) === SWEEP_SLICE
        ? setImmediate(() => this.sweepSlice(before))
        : undefined;
  }

  /** The entry kept for `pilotId` if its answer counts for `partnerId` under `revision` at `now`. */
  entry(partnerId: string, pilotId: string, revision: string, now: number): KeptEntry | undefined {
    return this.memory.entry(partnerId, pilotId, revision, now);
  }

  /** The batch `asked` if it was answered whole for `partnerId` and every answer still counts. */
  batch(asked: string, partnerId: string, revision: string, now: number): RememberedBatch | undefined {
    return this.batches.get(asked, partnerId, revision, now);
  }

  /** Remembers the batch `asked`, answered whole from `entries`: its answers, the same array each time. */
  rememberBatch(asked: string, partnerId: string, entries: readonly KeptEntry[]): readonly PilotTotalsView[] {
    return this.batches.set(asked, partnerId, entries);
  }

  /** Whether `entry` (counting at `now`) is due for a check in the background (TotalsMemory.renewalDue). */
  renewalDue(entry: KeptEntry, now: number): boolean {
    return this.memory.renewalDue(entry, now);
  }

  /** The pilot ids of those of `entries` due for a renewal at `now`; undefined if none (most often). */
  dueForRenewal(entries: readonly (KeptEntry | undefined)[], now: number): string[] | undefined {
    let due: string[] | undefined;
    for (const entry of entries)
      if (entry !== undefined && this.memory.renewalDue(entry, now)) (due ??= []).push(entry.view.pilot_id);
    return due;
  }

  /** The answers kept for `pilotIds`, fresh or not: to be checked against the database before use. */
  kept(partnerId: string, pilotIds: readonly string[]): Map<string, KeptAnswer> {
    const kept = new Map<string, KeptAnswer>();
    for (const pilotId of pilotIds) {
      const earlier = this.memory.kept(partnerId, pilotId);
      if (earlier) kept.set(pilotId, earlier);
    }
    return kept;
  }

  /**
   * Keeps the projected answers of one database read, made under `revision` (seen before the read) at
   * `now`, and drops those of `kept` the read no longer gave (the pilot disconnected, or erased).
   * Live answers (not projected yet) are as of now: never kept.
   */
  keep(
    partnerId: string,
    kept: ReadonlyMap<string, KeptAnswer>,
    stored: readonly StoredAnswer[],
    revision: string,
    now: number,
  ): void {
    if (kept.size > 0) {
      const answered = new Set(stored.map((answer) => answer.view.pilot_id));
      for (const pilotId of kept.keys()) if (!answered.has(pilotId)) this.memory.forget(partnerId, pilotId);
    }
    this.memory.put(
      partnerId,
      stored.filter((answer): answer is KeptAnswer => answer.versions !== null),
      revision,
      now,
    );
  }
}
