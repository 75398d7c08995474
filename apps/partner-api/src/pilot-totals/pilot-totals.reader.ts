import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '@pft/platform/database/prepared-statement';
import { ACTIVE_TOTALS_VIEW } from '@pft/projections/projection-tables';
import { readPilotTotals } from '@pft/projections/pilot-totals.read-model';
import { TurnBatches } from '../shared/turn-batches';
import { type PilotTotalsView } from './pilot-totals.view';
import { computeLiveTotals, recordLiveAnswers } from './live-totals.reader';
import {
  answeredFromDatabase,
  answeredFromMemory,
  type KeptAnswer,
  type RowVersions,
  TotalsReadCache,
} from './totals-read-cache';

/**
 * Statements by pilot_id, each in two prepared forms, one pilot and several: Postgres plans each once
 * per connection only when its general plan looks no dearer than one made for the values at hand, and
 * for a list of unknown length it does not look so when the list holds one id (measured with pgbench:
 * one id by `=` runs 4x faster than planning each time; by `= any` of a one-id list, 1.4x).
 */
class ByPilotIds {
  private readonly one: PreparedStatement;
  private readonly many: PreparedStatement;

  constructor(name: string, sql: (condition: string) => string) {
    this.one = new PreparedStatement(`${name}-one`, sql('c.connection_id = $1::uuid'));
    this.many = new PreparedStatement(`${name}-many`, sql('c.connection_id = any($1::uuid[])'));
  }

  rows<T>(dataSource: DataSource, pilotIds: readonly string[], partnerId: string): Promise<T[]> {
    return pilotIds.length === 1
      ? this.one.rows<T>(dataSource, [pilotIds[0], partnerId])
      : this.many.rows<T>(dataSource, [pilotIds, partnerId]);
  }
}

/**
 * The caller's active connections joined with the active projection, in one round trip, with the stream
 * version the partner was last answered live through the connection (see readFull).
 */
const connectedSql =
  (columns: string) =>
  (condition: string): string => `
  select c.connection_id::text as pilot_id, c.live_stream_version, ${columns}
    from connections c
    left join ${ACTIVE_TOTALS_VIEW} v on v.pilot_account_id = c.pilot_account_id
   where ${condition} and c.partner_id = $2 and c.disconnected_at is null`;

/** Connection and totals. */
const READ = new ByPilotIds('partner-totals-read', connectedSql('c.pilot_account_id::text as account, v.*'));

/** Connection and which row the totals would come from: whether a kept answer still holds. */
const CHECK = new ByPilotIds(
  'partner-totals-check',
  connectedSql('v.stream_version, v.projection_version, v.last_updated'),
);

type JoinedRow = {
  pilot_id: string;
  live_stream_version: number | null;
  account: string;
  pilot_account_id: string | null;
  stream_version: number | null;
  projection_version: number | null;
} & Record<string, unknown>;

interface CheckRow {
  pilot_id: string;
  live_stream_version: number | null;
  stream_version: number | null;
  projection_version: number | null;
  last_updated: Date | null;
}

/**
 * Whether the projection's row is older than totals the partner was already answered live (computed from
 * the write side before the projection had caught up): answering from it would take the partner back to
 * an older state of the pilot's logbook.
 */
function behindLiveAnswer(row: {
  live_stream_version: number | null;
  stream_version: number | null;
}): boolean {
  return row.live_stream_version !== null && (row.stream_version ?? 0) < row.live_stream_version;
}

/** Every id of the lists, once. */
function distinct(idLists: readonly (readonly string[])[]): string[] {
  return idLists.length === 1 ? [...idLists[0]!] : [...new Set(idLists.flat())];
}

/** The rows of a statement shared by several requests (TurnBatches) that are about `pilotIds`. */
function ownRows<Row extends { pilot_id: string }>(
  { result, size }: { result: Row[]; size: number },
  pilotIds: readonly string[],
): Row[] {
  if (size === 1) return result;
  const mine = new Set(pilotIds);
  return result.filter((row) => mine.has(row.pilot_id));
}

/** An answer read from the database; `versions` null: computed live, as of now, never to be kept. */
interface StoredAnswer {
  view: PilotTotalsView;
  versions: RowVersions | null;
}

/**
 * Totals of the pilots a partner may read. A `pilot_id` resolves only through an active connection
 * owned by the calling partner, read from `connections`, or an answer of the TotalsReadCache read under
 * the current partner read revision, which every disconnect moves on before it returns: a disconnect is
 * effective at the next request. Ids that do not resolve are left out.
 */
@Injectable()
export class PilotTotalsReader {
  /** Database reads under way (see readShared). */
  private readonly reading = new Map<string, Promise<StoredAnswer[]>>();
  /**
   * The checks and the full reads of one partner's requests in one turn of the event loop, each one
   * statement for all their pilot ids (TurnBatches): a cold read was a round trip of its own per
   * request. Each request takes the rows of its own ids.
   */
  private readonly checks: TurnBatches<CheckRow[], readonly string[]>;
  private readonly fullReads: TurnBatches<JoinedRow[], readonly string[]>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: TotalsReadCache,
  ) {
    this.checks = new TurnBatches((partnerId, idLists) =>
      CHECK.rows<CheckRow>(dataSource, distinct(idLists), partnerId),
    );
    this.fullReads = new TurnBatches((partnerId, idLists) =>
      READ.rows<JoinedRow>(dataSource, distinct(idLists), partnerId),
    );
  }

  /**
   * In the order of `pilotIds` (lower-case, distinct), without those that do not resolve.
   * `readRevision`: the partner read revision seen before this read; null reads everything afresh.
   */
  async read(
    partnerId: string,
    pilotIds: readonly string[],
    readRevision: string | null,
  ): Promise<PilotTotalsView[]> {
    if (readRevision === null || !this.cache.enabled)
      return this.counted(await this.readStored(partnerId, pilotIds)).map((answer) => answer.view);
    const now = Date.now();
    const answers = this.cache.of(partnerId);
    // By position, in an array: the common case, every answer in memory, builds nothing else.
    const views = new Array<PilotTotalsView | undefined>(pilotIds.length);
    let inMemory = 0;
    for (let i = 0; i < pilotIds.length; i++) {
      const view = answers.get(pilotIds[i]!, readRevision, now);
      if (view !== undefined) {
        views[i] = view;
        inMemory++;
      }
    }
    if (inMemory > 0) answeredFromMemory.inc(inMemory);
    if (inMemory === pilotIds.length) return views as PilotTotalsView[];
    const missing = pilotIds.filter((_, i) => views[i] === undefined);
    const kept = new Map<string, KeptAnswer>();
    for (const pilotId of missing) {
      const earlier = answers.kept(pilotId);
      if (earlier) kept.set(pilotId, earlier);
    }
    const stored = this.counted(await this.readShared(partnerId, missing, readRevision, kept));
    // Live answers (not projected yet) are as of now: never kept.
    this.cache.put(
      partnerId,
      stored.filter((answer): answer is KeptAnswer => answer.versions !== null),
      readRevision,
      now,
    );
    const read = new Map(stored.map(({ view }) => [view.pilot_id, view]));
    return pilotIds.flatMap((id, i) => views[i] ?? read.get(id) ?? []);
  }

  private counted(answers: StoredAnswer[]): StoredAnswer[] {
    answeredFromDatabase.inc(answers.length);
    return answers;
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

  /**
   * In the order of `pilotIds`. A pilot with a kept answer is checked first, by connection and row
   * versions only: if still connected with the same row, the kept totals are the table's, and the
   * answer is given again with the current `last_updated`; if the row changed, it is read in full;
   * if no longer connected, it does not resolve.
   */
  private async readStored(
    partnerId: string,
    pilotIds: readonly string[],
    kept: ReadonlyMap<string, KeptAnswer> = new Map(),
  ): Promise<StoredAnswer[]> {
    const answers = new Map<string, StoredAnswer>();
    const toRead = pilotIds.filter((id) => !kept.has(id));
    const toCheck = pilotIds.filter((id) => kept.has(id));
    if (toCheck.length > 0) {
      for (const row of ownRows(await this.checks.join(partnerId, toCheck), toCheck)) {
        const earlier = kept.get(row.pilot_id)!;
        if (
          row.last_updated !== null &&
          !behindLiveAnswer(row) &&
          row.stream_version === earlier.versions.stream &&
          row.projection_version === earlier.versions.projection
        ) {
          const lastUpdated = row.last_updated.toISOString();
          const view =
            lastUpdated === earlier.view.last_updated
              ? earlier.view
              : { ...earlier.view, last_updated: lastUpdated };
          answers.set(row.pilot_id, { view, versions: earlier.versions });
        } else toRead.push(row.pilot_id);
      }
    }
    if (toRead.length > 0) {
      for (const answer of await this.readFull(partnerId, toRead)) answers.set(answer.view.pilot_id, answer);
    }
    return pilotIds.flatMap((id) => answers.get(id) ?? []);
  }

  private async readFull(partnerId: string, pilotIds: readonly string[]): Promise<StoredAnswer[]> {
    const rows = ownRows(await this.fullReads.join(partnerId, pilotIds), pilotIds);
    if (rows.length === 0) return [];
    const projectedRows = rows.filter((row) => row.pilot_account_id !== null && !behindLiveAnswer(row));
    // The read model turns rows of the active view into totals; it is handed the rows this query
    // already holds (every column of the view) instead of reading them again in a second round trip.
    const projected = await readPilotTotals(
      { query: () => Promise.resolve(projectedRows) },
      projectedRows.map((row) => row.pilot_account_id!),
    );
    // Linked, but not in the projection yet, or its row is older than an answer given live before:
    // computed live from the write side, as of now, and recorded before it is given.
    const liveRows = rows.filter((row) => row.pilot_account_id === null || behindLiveAnswer(row));
    const live = await computeLiveTotals(
      this.dataSource,
      liveRows.map((row) => row.account),
    );
    await recordLiveAnswers(
      this.dataSource,
      liveRows.flatMap((row) => {
        const computed = live.get(row.account);
        return computed ? [{ connectionId: row.pilot_id, streamVersion: computed.streamVersion }] : [];
      }),
    );
    const now = new Date().toISOString();
    return rows.flatMap((row): StoredAnswer[] => {
      const found =
        row.pilot_account_id === null || behindLiveAnswer(row)
          ? undefined
          : projected.get(row.pilot_account_id);
      if (found && row.stream_version !== null && row.projection_version !== null) {
        return [
          {
            view: { pilot_id: row.pilot_id, last_updated: found.lastUpdated.toISOString(), ...found.totals },
            versions: { stream: row.stream_version, projection: row.projection_version },
          },
        ];
      }
      const computed = live.get(row.account);
      return computed
        ? [{ view: { pilot_id: row.pilot_id, last_updated: now, ...computed.totals }, versions: null }]
        : [];
    });
  }
}
