import { type Queryable } from '@pft/platform/database/queryable';
import { isCommitOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { type CommitOutcomes } from './commit-outcome';
import { type appendGroup, type GroupedAppend, type GroupedAppendResult } from './group-append';
import { type PayloadSealer } from './payload-sealing';
import { type RelayWake } from './relay-wake';
import { TurnBatcher } from '@pft/platform/batching/turn-batcher';

/** A guessed append waiting for its group. */
export interface GroupedItem {
  append: GroupedAppend;
  /**
   * The append on its own, one statement (CommandPipeline's way without a group): true when appended,
   * false when its guard held the events back or another writer took the version; throws as a lone
   * append does (its commit's outcome settled). Taken when the group's statement was refused.
   */
  alone(): Promise<boolean>;
}

/** What a grouped append comes to: appended or held back, or the failure its command answers with. */
type GroupedOutcome = { appended: boolean } | { failed: unknown };

/** What a group uses of the database's sessions (CommandPipeline's PipelineSessions). */
export interface GroupSessions {
  backendPid(runner: Queryable): number | undefined;
  onOneConnection<T>(db: Queryable, work: (connection: Queryable) => Promise<T>): Promise<T>;
}

export interface GroupCommitOptions {
  /** Appends in one statement at most. */
  maxSize: number;
  /**
   * Told once after a group's commit that appended events, to wake the relay; without it, the statement
   * NOTIFYs the relay itself.
   */
  relayWake?: Pick<RelayWake, 'afterCommit'>;
  /** What seals the pilots' payloads (as AppendOptions.sealer). */
  sealer?: PayloadSealer;
}

/**
 * Group commit for the guessed single-stream appends of concurrent commands (a new flight each): those
 * that arrive in one event-loop turn go to Postgres as one statement on one connection, one round trip
 * and one commit for all, each command answered with its own outcome.
 *
 * - Two appends to one stream never share a statement: the later waits for the group after the one
 *   holding its stream has settled (TurnBatcher's keys), so concurrent groups never race on a version.
 * - A statement refused as a whole (a version taken by a writer outside the groups, a data key destroyed,
 *   anything Postgres refused it for) wrote nothing: every append of it goes on alone, as it would
 *   have without grouping, so what concerns one command fails only that one.
 * - A commit that went unanswered is settled for the whole group, once (CommitOutcomes.storedOf): the
 *   appends whose events are stored answer as appended; when some are stored, the statement committed
 *   and the others' guards held their events back; when none is, nothing was recorded and each command
 *   fails with the commit's failure, as a lone append's does.
 */
export class GroupCommit {
  /** One batcher per kind of guard: appends of different guards cannot share a statement. */
  private readonly batchers = new Map<string, TurnBatcher<GroupedItem, GroupedOutcome>>();

  constructor(
    private readonly db: Queryable,
    private readonly sessions: GroupSessions,
    private readonly outcomes: CommitOutcomes,
    private readonly append: typeof appendGroup,
    private readonly options: GroupCommitOptions,
  ) {}

  /** True when the item's events were appended, false when they were held back; throws its failure. */
  async add(item: GroupedItem): Promise<boolean> {
    const outcome = await this.batcherOf(item.append).add(item);
    if ('failed' in outcome) throw outcome.failed;
    return outcome.appended;
  }

  private batcherOf({ guard }: GroupedAppend): TurnBatcher<GroupedItem, GroupedOutcome> {
    const kind = `${guard.cte}\n${guard.passed}`;
    let batcher = this.batchers.get(kind);
    if (!batcher) {
      batcher = new TurnBatcher((items) => this.run(items), {
        maxSize: this.options.maxSize,
        keyOf: (item) => item.append.streamId,
      });
      this.batchers.set(kind, batcher);
    }
    return batcher;
  }

  private async run(items: readonly GroupedItem[]): Promise<GroupedOutcome[]> {
    let pid: number | undefined;
    let results: GroupedAppendResult[];
    try {
      results = await this.sessions.onOneConnection(this.db, (connection) => {
        pid = this.sessions.backendPid(connection);
        return this.append(
          connection,
          items.map((i) => i.append),
          { notify: this.options.relayWake === undefined, sealer: this.options.sealer },
        );
      });
    } catch (err) {
      // Without a session nothing was sent: each command fails as a lone append does without one.
      if (pid === undefined) return items.map(() => ({ failed: err }));
      if (isCommitOutcomeUnknown(err)) return this.settle(items, pid, err);
      return Promise.all(items.map((item) => this.alone(item)));
    }
    if (results.some((r) => 'events' in r && r.events.length > 0)) this.options.relayWake?.afterCommit();
    return Promise.all(
      items.map((item, i) => {
        const result = results[i]!;
        return 'refused' in result
          ? this.alone(item)
          : Promise.resolve({ appended: result.events.length > 0 });
      }),
    );
  }

  private alone(item: GroupedItem): Promise<GroupedOutcome> {
    return item.alone().then(
      (appended) => ({ appended }),
      (failed: unknown) => ({ failed }),
    );
  }

  /** Each append's outcome once it is known what the unanswered commit of the group on `pid` recorded. */
  private async settle(items: readonly GroupedItem[], pid: number, err: unknown): Promise<GroupedOutcome[]> {
    const ids = items.flatMap((item) => item.append.events.map((e) => e.event_id!));
    let stored: Set<string>;
    try {
      stored = new Set(await this.outcomes.storedOf(pid, ids, err));
    } catch (unknown) {
      return items.map(() => ({ failed: unknown }));
    }
    if (stored.size === 0) return items.map(() => ({ failed: err }));
    this.options.relayWake?.afterCommit();
    return items.map(({ append }) => {
      const found = append.events.filter((e) => stored.has(e.event_id!)).length;
      if (found === append.events.length) return { appended: true };
      if (found === 0) return { appended: false };
      return {
        failed: new Error(`${found} of the ${append.events.length} events of one command are stored`),
      };
    });
  }
}
