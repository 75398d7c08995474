import { Injectable, Logger, Module } from '@nestjs/common';
import { type PilotTotals } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { ACTIVE_TOTALS_VIEW } from '../projection/projection-tables';
import { type KeptAnswer, PilotTotalsDatabase, type StoredAnswer } from './pilot-totals.database';
import { PilotExperienceReadModel } from './pilot-experience.read-model';
import { type PilotTotalsView } from './pilot-totals.view';
import { projectedTotalsOf, type ProjectedRow } from './projected-row';
import { countAnsweredFromDatabase, countAnsweredFromMemory } from './totals-answers.metric';
import { TotalsReadCache } from './totals-read-cache';
import { type KeptEntry } from './totals-memory';

export type { Queryable } from '@pft/platform/database/queryable';

export { rowsOf } from '@pft/platform/database/rows-of';

export interface ProjectedPilotTotals {
  totals: PilotTotals;
  /** The time up to which this pilot's projection is known complete (partner API `last_updated`). */
  lastUpdated: Date;
}

const READ_SQL = `select * from ${ACTIVE_TOTALS_VIEW} where pilot_account_id = any($1::uuid[])`;

/**
 * Reads the active version of the pilot totals projection for up to a few dozen pilots in one
 * query. A pilot without a projected row is absent from the map. Ids are matched in lower case.
 */
export async function readPilotTotals(
  queryable: Queryable,
  pilotAccountIds: readonly string[],
): Promise<Map<string, ProjectedPilotTotals>> {
  const result = new Map<string, ProjectedPilotTotals>();
  if (pilotAccountIds.length === 0) return result;
  const rows = rowsOf<ProjectedRow>(
    await queryable.query(READ_SQL, [pilotAccountIds.map((id) => id.toLowerCase())]),
  );
  for (const row of rows)
    result.set(row.pilot_account_id, { totals: projectedTotalsOf(row), lastUpdated: row.last_updated });
  return result;
}

const NOTHING_KEPT: ReadonlyMap<string, KeptAnswer> = new Map();

const resolved = (view: PilotTotalsView | undefined): view is PilotTotalsView => view !== undefined;

/**
 * What partners read of their linked pilots' totals, one pilot (GET /v1/pilot-totals) or up to 50 (the
 * batch), in one pass: from its cache (TotalsReadCache) when an answer counts under the partner read
 * revision, else from the database (PilotTotalsDatabase), where an answer kept from before is checked
 * and the rest read in full; what was read is then kept. A `pilot_id` resolves only through an active
 * connection of the calling partner; `revision` is the partner read revision seen before the read,
 * null (Redis unreachable, or lost its keys) reads everything afresh and keeps nothing.
 */
@Injectable()
export class PilotTotalsReadModel {
  /** Database reads under way, with the time of the request that began each (see readShared). */
  private readonly reading = new Map<string, { read: Promise<StoredAnswer[]>; startedAt: number }>();
  private readonly log = new Logger(TotalsReadCache.name);

  constructor(
    private readonly cache: TotalsReadCache,
    private readonly database: PilotTotalsDatabase,
  ) {}

  /** The answer for `pilotId` (lower case), or undefined when it does not resolve for `partnerId`. */
  async pilot(
    partnerId: string,
    pilotId: string,
    revision: string | null,
    now = Date.now(),
  ): Promise<PilotTotalsView | undefined> {
    if (revision !== null && this.cache.enabled) {
      const entry = this.cache.entry(partnerId, pilotId, revision, now);
      if (entry !== undefined) {
        countAnsweredFromMemory(1);
        if (this.cache.renewalDue(entry, now)) this.renew(partnerId, [pilotId], revision, now);
        return entry.view;
      }
    }
    const [answer] = await this.fromDatabase(partnerId, [pilotId], revision, now);
    return answer?.view;
  }

  /**
   * The answers of `pilotIds` (lower case, distinct) in their order, without those that do not resolve
   * for `partnerId`. `asked`: the list as the partner sent it, under which a batch answered whole from
   * memory is remembered; the array given is then shared, never to be changed.
   */
  async pilots(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string | null,
    asked?: string,
    now = Date.now(),
  ): Promise<readonly PilotTotalsView[]> {
    // By position, in an array: the common case, every answer in memory, builds nothing else.
    const views = new Array<PilotTotalsView | undefined>(pilotIds.length);
    if (revision !== null && this.cache.enabled) {
      const again = asked === undefined ? undefined : this.cache.batch(asked, partnerId, revision, now);
      if (again !== undefined) {
        countAnsweredFromMemory(again.views.length);
        this.renewDue(partnerId, again.entries, revision, now);
        return again.views;
      }
      const entries = new Array<KeptEntry>(pilotIds.length);
      let inMemory = 0;
      for (let i = 0; i < pilotIds.length; i++) {
        const entry = this.cache.entry(partnerId, pilotIds[i]!, revision, now);
        if (entry !== undefined) {
          entries[i] = entry;
          views[i] = entry.view;
          inMemory++;
        }
      }
      if (inMemory > 0) {
        countAnsweredFromMemory(inMemory);
        this.renewDue(partnerId, entries, revision, now);
      }
      if (inMemory === pilotIds.length)
        return asked === undefined
          ? (views as PilotTotalsView[])
          : this.cache.rememberBatch(asked, partnerId, entries);
    }
    const missing = pilotIds.filter((_, i) => views[i] === undefined);
    const read = await this.fromDatabase(partnerId, missing, revision, now);
    const byId = new Map(read.map(({ view }) => [view.pilot_id, view]));
    for (let i = 0; i < pilotIds.length; i++) views[i] ??= byId.get(pilotIds[i]!);
    // Every id resolved (the common case): the array as it is, nothing copied.
    return views.includes(undefined) ? views.filter(resolved) : (views as PilotTotalsView[]);
  }

  /**
   * The answers of `pilotIds` that memory did not give, in their order, without those that do not
   * resolve, read under `revision` at `now` (the time of the look-up in memory).
   */
  private async fromDatabase(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string | null,
    now: number,
  ): Promise<StoredAnswer[]> {
    const stored =
      revision === null || !this.cache.enabled
        ? await this.database.answers(partnerId, pilotIds, NOTHING_KEPT)
        : await this.readAndKeep(partnerId, pilotIds, revision, now);
    countAnsweredFromDatabase(stored.length);
    return stored;
  }

  /** Renews in the background those of `entries` (given from memory) due for it, one check for all. */
  private renewDue(
    partnerId: string,
    entries: readonly (KeptEntry | undefined)[],
    revision: string,
    now: number,
  ): void {
    const due = this.cache.dueForRenewal(entries, now);
    if (due !== undefined) this.renew(partnerId, due, revision, now);
  }

  /**
   * Checks the kept answers of `pilotIds` against the database now, in the background, and keeps them
   * anew as read at `now` under `revision` (both seen before this check). An answer in use is then
   * renewed before its lifetime ends, so no request waits for the database while the revision holds:
   * with one pilot read thousands of times a second, every request that came while its answer was
   * checked on expiry waited for that round trip, and for any stall of Postgres in it. Not counted in
   * the metric: no partner is answered. On failure the answers are left to end their lifetime and be
   * checked by the request that finds them so.
   */
  private renew(partnerId: string, pilotIds: readonly string[], revision: string, now: number): void {
    this.readAndKeep(partnerId, pilotIds, revision, now).catch((err: unknown) =>
      this.log.warn(`renewing ${pilotIds.length} answers kept in memory failed: ${String(err)}`),
    );
  }

  /** A read under a revision, with the cache on: what the cache keeps is checked, the rest read, all kept. */
  private async readAndKeep(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string,
    now: number,
  ): Promise<StoredAnswer[]> {
    const kept = this.cache.kept(partnerId, pilotIds);
    const stored = await this.readShared(partnerId, pilotIds, revision, kept, now);
    this.cache.keep(partnerId, kept, stored, revision, now);
    return stored;
  }

  /**
   * One database read for the requests that miss the same ids under the same revision at the same
   * time (every replica's memory empties at once when the revision moves on or entries reach the end
   * of their lifetime): they wait for the read the first one started instead of each starting one.
   * Sharing it is as safe as the memory itself: all of them saw the revision it was started under, and
   * one is joined only within an answer's lifetime (PARTNER_TOTALS_CACHE_MS) of the request that began
   * it (`now`), as an answer it kept would count. A change Redis could not be told of leaves the
   * revision as it was, and its request answers once that lifetime is out: a read begun before the
   * change and slow to come back (a stalled database, a busy event loop) would otherwise hand a request
   * made after that answer the figures of a pilot who had disconnected or stopped sharing.
   */
  private readShared(
    partnerId: string,
    pilotIds: readonly string[],
    revision: string,
    kept: ReadonlyMap<string, KeptAnswer>,
    now: number,
  ): Promise<StoredAnswer[]> {
    const key = `${revision}/${partnerId}/${pilotIds.join(',')}`;
    const pending = this.reading.get(key);
    if (pending && this.cache.counts(pending.startedAt, now)) return pending.read;
    const read: Promise<StoredAnswer[]> = this.database.answers(partnerId, pilotIds, kept).finally(() => {
      // A read begun since, by a request this one was too old for, stays joinable.
      if (this.reading.get(key)?.read === read) this.reading.delete(key);
    });
    this.reading.set(key, { read, startedAt: now });
    return read;
  }
}

/**
 * The totals and experience read models and their caches and database access: one of each per
 * replica, so the single and the batch read share kept answers, reads under way and each turn's
 * statements.
 */
@Module({
  providers: [PilotTotalsDatabase, TotalsReadCache, PilotTotalsReadModel, PilotExperienceReadModel],
  exports: [PilotTotalsReadModel, PilotExperienceReadModel],
})
export class PilotTotalsReadModule {}
