import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TurnBatches } from '@pft/platform/batching/turn-batches';
import { computeLiveTotals, recordLiveAnswers } from './live-totals';
import { distinct, ownRows } from './turn-rows';
import { projectedTotalsOf } from './projected-row';
import { PilotTotalsView } from './pilot-totals.view';
import { behindLiveAnswer, CHECK, type CheckRow, type JoinedRow, READ } from './pilot-totals.statements';

/** Which projected row an answer was made from: the row is unchanged while both are the same. */
export interface RowVersions {
  /** The pilot's logbook stream version folded into the row. */
  stream: number;
  /** The projection version (tables) the row belongs to. */
  projection: number;
}

/** An answer read from the database; `versions` null: computed live, as of now, never to be kept. */
export interface StoredAnswer {
  view: PilotTotalsView;
  versions: RowVersions | null;
}

/** An answer kept from an earlier read, for a cheap check of whether its row has changed since. */
export interface KeptAnswer extends StoredAnswer {
  versions: RowVersions;
}

/** What a check of kept answers found; a pilot in neither list is no longer connected. */
export interface CheckedAnswers {
  /** Still connected with the same row: the kept answers, with the row's current `last_updated`. */
  held: StoredAnswer[];
  /** Still connected, but the answer must be read in full. */
  changed: string[];
}

/**
 * The database access of the totals read model (PilotTotalsReadModel). A `pilot_id`
 * resolves only through an active connection owned by the calling partner, read from `connections`;
 * ids that do not resolve are left out. The checks and the full reads of one partner's requests in one
 * turn of the event loop are each one statement for all their pilot ids (TurnBatches): a cold read was
 * a round trip of its own per request. Each request takes the rows of its own ids.
 */
@Injectable()
export class PilotTotalsDatabase {
  private readonly checks: TurnBatches<CheckRow[], readonly string[]>;
  private readonly fullReads: TurnBatches<JoinedRow[], readonly string[]>;

  constructor(private readonly dataSource: DataSource) {
    this.checks = new TurnBatches((partnerId, idLists) =>
      CHECK.rows<CheckRow>(dataSource, distinct(idLists), partnerId),
    );
    this.fullReads = new TurnBatches((partnerId, idLists) =>
      READ.rows<JoinedRow>(dataSource, distinct(idLists), partnerId),
    );
  }

  /**
   * The answers of `pilotIds`, in their order, without those that do not resolve: a pilot with an
   * answer in `kept` is checked first (`check`), the others and those whose row changed read in full.
   */
  async answers(
    partnerId: string,
    pilotIds: readonly string[],
    kept: ReadonlyMap<string, KeptAnswer>,
  ): Promise<StoredAnswer[]> {
    const answers = new Map<string, StoredAnswer>();
    const toRead = pilotIds.filter((id) => !kept.has(id));
    const toCheck = pilotIds.filter((id) => kept.has(id));
    if (toCheck.length > 0) {
      const { held, changed } = await this.check(partnerId, toCheck, kept);
      for (const answer of held) answers.set(answer.view.pilot_id, answer);
      toRead.push(...changed);
    }
    if (toRead.length > 0) {
      for (const answer of await this.read(partnerId, toRead)) answers.set(answer.view.pilot_id, answer);
    }
    return pilotIds.flatMap((id) => answers.get(id) ?? []);
  }

  /**
   * Whether the kept answers of `pilotIds` still hold, by connection and row versions only: if still
   * connected with the same row, the kept totals are the table's, given again with the current
   * `last_updated`; if the row changed, the pilot is to be read in full; if no longer connected, it
   * does not resolve.
   */
  async check(
    partnerId: string,
    pilotIds: readonly string[],
    kept: ReadonlyMap<string, KeptAnswer>,
  ): Promise<CheckedAnswers> {
    const checked: CheckedAnswers = { held: [], changed: [] };
    for (const row of ownRows(await this.checks.join(partnerId, pilotIds), pilotIds)) {
      const earlier = kept.get(row.pilot_id)!;
      if (
        row.last_updated !== null &&
        !behindLiveAnswer(row) &&
        row.stream_version === earlier.versions.stream &&
        row.projection_version === earlier.versions.projection
      ) {
        const view = earlier.view.at(row.last_updated);
        checked.held.push({ view, versions: earlier.versions });
      } else checked.changed.push(row.pilot_id);
    }
    return checked;
  }

  /**
   * The answers of `pilotIds` read in full, in their order. A linked pilot not in the
   * projection yet, or whose row is older than an answer given live before, is computed live from the
   * write side, as of now, and recorded before it is given; its connection is resolved again in the
   * snapshot of that computation, and a pilot no longer linked there does not resolve.
   */
  async read(partnerId: string, pilotIds: readonly string[]): Promise<StoredAnswer[]> {
    const rows = ownRows(await this.fullReads.join(partnerId, pilotIds), pilotIds);
    if (rows.length === 0) return [];
    const liveRows = rows.filter((row) => row.pilot_account_id === null || behindLiveAnswer(row));
    const live = await computeLiveTotals(
      this.dataSource,
      partnerId,
      liveRows.map((row) => row.pilot_id),
    );
    await recordLiveAnswers(
      this.dataSource,
      [...live].map(([connectionId, computed]) => ({ connectionId, streamVersion: computed.streamVersion })),
    );
    const now = new Date().toISOString();
    return rows.flatMap((row): StoredAnswer[] => {
      // The projected row this query holds already (every column of the view) gives the totals.
      if (
        row.pilot_account_id !== null &&
        !behindLiveAnswer(row) &&
        row.stream_version !== null &&
        row.projection_version !== null
      ) {
        return [
          {
            view: PilotTotalsView.of(row.pilot_id, row.last_updated.toISOString(), projectedTotalsOf(row)),
            versions: { stream: row.stream_version, projection: row.projection_version },
          },
        ];
      }
      const computed = live.get(row.pilot_id);
      return computed
        ? [{ view: PilotTotalsView.of(row.pilot_id, now, computed.totals), versions: null }]
        : [];
    });
  }
}
