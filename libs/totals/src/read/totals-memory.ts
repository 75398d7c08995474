import { LRUCache } from 'lru-cache';
import { type KeptAnswer, type RowVersions } from './pilot-totals.database';
import { type PilotTotalsView } from './pilot-totals.view';

/**
 * When, for which partner and under which revision answers were read from the database: one for all
 * the answers of one read (a batch's 50), so a look-up compares with an object those answers share
 * instead of each its own.
 */
interface Reading {
  readonly partnerId: string;
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

/** An answer kept, with what decides whether it may be given as it is. */
export interface KeptEntry {
  readonly view: PilotTotalsView;
  readonly versions: RowVersions;
  readonly reading: Reading;
  /** Whether a check of it against the database has begun before its lifetime ends (TotalsMemory.renewalDue). */
  renewing: boolean;
}

/**
 * Bounded: past this many answers, the least recently stored ones go first. A look-up does not move an
 * answer up: lru-cache's `get` does (its internal get, a new options object and list updates per
 * look-up), where `peek` only looks. An answer in use is stored again at least every
 * `lifetimeMs` (a second by default), when it is read or checked against the database, so the order
 * of storing is the order of use to within that.
 */
export const MAX_KEPT_ANSWERS = 100_000;

/**
 * The share of its lifetime after which what a partner API replica keeps in memory (a totals answer
 * here, an API key's lookup in the partner API) is checked again in the background by the first
 * request that finds it so, so that what is in use is renewed before it stops counting and no request
 * waits for the database while it holds.
 */
export const RENEW_AFTER_SHARE = 0.75;

/**
 * Options handed to every look-up and store: lru-cache defaults a missing options argument to a new
 * object on each call, and a batch of 50 answered from memory looks up 50 times.
 */
const LOOK_UP: LRUCache.PeekOptions<string, KeptEntry, unknown> = {};
const STORE: LRUCache.SetOptions<string, KeptEntry, unknown> = {};

/**
 * Projected totals answers kept in this replica's memory, each with the partner and the revision it was
 * read under. One is given as it is only to that partner, while the partner read revision is the one it
 * was read under, and for at most `lifetimeMs`. An answer that stopped counting stays, for `kept`: the
 * reader then asks the database whether its pilot is still connected and its row unchanged.
 *
 * Keyed by pilot_id alone: a pilot_id is a connection's id, unique across partners, so a look-up builds
 * no key. The partner is compared all the same, so an id never answers for another partner.
 */
export class TotalsMemory {
  private readonly answers = new LRUCache<string, KeptEntry>({ max: MAX_KEPT_ANSWERS });
  private readonly renewAfterMs: number;

  constructor(private readonly lifetimeMs: number) {
    this.renewAfterMs = lifetimeMs * RENEW_AFTER_SHARE;
  }

  /**
   * The entry for `pilotId` if its answer was read for `partnerId` under `revision` and is within its
   * lifetime at `now`: to be checked again later with `counts`.
   */
  entry(partnerId: string, pilotId: string, revision: string, now: number): KeptEntry | undefined {
    const entry = this.answers.peek(pilotId, LOOK_UP);
    return entry !== undefined && this.counts(entry, partnerId, revision, now) ? entry : undefined;
  }

  /**
   * Whether an entry `entry` gave may be given as it is again: to the same partner, under the same
   * revision, within its lifetime. Without a look-up, so it also holds for an entry that has left the
   * memory since (it still counts until its lifetime ends, as it would have in memory).
   */
  counts(entry: KeptEntry, partnerId: string, revision: string, now: number): boolean {
    const reading = entry.reading;
    if (!reading.fresh || reading.partnerId !== partnerId) return false;
    if (reading.revision !== revision || now - reading.readAt >= this.lifetimeMs) {
      reading.fresh = false;
      return false;
    }
    return true;
  }

  /**
   * Whether `entry`, which counts at `now`, is past RENEW_AFTER_SHARE of its lifetime with no check of it
   * begun: it is then marked as being checked, so only the first request to find it so starts one.
   */
  renewalDue(entry: KeptEntry, now: number): boolean {
    if (entry.renewing || now - entry.reading.readAt < this.renewAfterMs) return false;
    entry.renewing = true;
    return true;
  }

  /** The answer kept for `pilotId`, fresh or not: to be checked against the database before use. */
  kept(partnerId: string, pilotId: string): KeptAnswer | undefined {
    const entry = this.answers.peek(pilotId, LOOK_UP);
    return entry?.reading.partnerId === partnerId
      ? { view: entry.view, versions: entry.versions }
      : undefined;
  }

  /**
   * Drops the answer kept for `pilotId` if it was `partnerId`'s: the database no longer answers that
   * pilot to that partner (disconnected, or the account erased), so its totals leave this memory at once.
   */
  forget(partnerId: string, pilotId: string): void {
    if (this.answers.peek(pilotId, LOOK_UP)?.reading.partnerId === partnerId) this.answers.delete(pilotId);
  }

  /**
   * Drops the answers read before `before`, the least recently stored first, stopping at the first
   * read since (an answer in use is stored again at least every `lifetimeMs`, so only answers no one
   * asked for since `before` go) or after `limit` of them. How many went: `limit` when more may be left.
   */
  sweep(before: number, limit = Infinity): number {
    const old: string[] = [];
    for (const pair of this.answers.rentries()) {
      const [pilotId, entry] = pair as [string, KeptEntry];
      if (entry.reading.readAt >= before || old.length === limit) break;
      old.push(pilotId);
    }
    for (const pilotId of old) this.answers.delete(pilotId);
    return old.length;
  }

  /**
   * The answers of one database read, all under `revision`, which must be the one read before the
   * database was: a change after it moves it on.
   */
  put(partnerId: string, answers: readonly KeptAnswer[], revision: string, now: number): void {
    if (answers.length === 0) return;
    const reading: Reading = { partnerId, revision, readAt: now, fresh: true };
    for (const { view, versions } of answers)
      this.answers.set(view.pilot_id, { view, versions, reading, renewing: false }, STORE);
  }
}
