import { randomUUID } from 'node:crypto';
import { mapInTurns } from '@pft/platform/batching/in-turns';
import { type Queryable } from '@pft/platform/database/queryable';
import {
  isCommitOutcomeUnknown,
  isDeadlock,
  WriteOutcomeUnknown,
} from '@pft/platform/database/write-outcome';
import { DataKeyGone, StreamVersionConflict } from './append-errors';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_OUTCOME_TIMEOUT_MS,
  EVENT_STORE,
  POSTGRES_SESSIONS,
  type CommandPipelineOptions,
  type PipelineSessions,
  type PipelineStore,
} from './command-pipeline.options';
import { type CommitOutcomes } from './commit-outcome';
import {
  EVENTS_IN_ONE_STATEMENT,
  EVENTS_IN_ONE_TURN,
  type EventMetadata,
  type NewEvent,
} from './event-store';
import { type GroupedGuard } from './group-append';
import { GroupCommit } from './group-commit';

/** What `decide` answers: the events to append (none when nothing changes), and whatever else the caller needs. */
export interface Decided {
  readonly events: readonly NewEvent[];
}

/** A write-side statement the append runs first as its condition (AppendOptions.onlyIf), parameters from $1. */
export interface AppendGuard {
  sql: string;
  params: unknown[];
  /** The same condition for an append sent in one statement with others (GroupCommit); alone when absent. */
  grouped?: GroupedGuard;
}

/** A write-side statement the append runs with the events it stores (AppendOptions.fromAppended), from $1. */
export interface AppendProjection {
  cte: string;
  params: unknown[];
}

/**
 * One command against one stream. `decide` is pure: the events for the state, or it throws the domain
 * error that refuses the command, and then nothing is written.
 */
export interface StreamCommand<S, D extends Decided> {
  streamId: string;
  metadata?: EventMetadata;
  /** Reads what `decide` needs, in the command's transaction, with the stream locked. */
  load(tx: Queryable): Promise<S>;
  decide(state: S): D;
  /**
   * The write-side rows that follow from the decision, in the same transaction: run on every decision
   * `decide` accepts, with events or without (a redeemed code is used up even when nothing is appended).
   */
  project?(tx: Queryable, decision: D): Promise<void>;
  /**
   * The write-side rows that follow from the events `decide` appends, written by the append statement
   * itself (AppendOptions.fromAppended): for many events, one statement and round trip in all.
   */
  projectFromAppended?(decision: D): AppendProjection;
  /**
   * The state the command most likely meets, tried first without a transaction or the stream lock: the
   * decision on it is appended in one statement (one round trip) behind `guard`, which writes the row the
   * guess is about and holds the events back when the guess was wrong. A wrong guess, a refusal on it, or
   * a concurrent append to the stream, and the command is decided on the loaded state.
   */
  guess?: { state: S; guard(decision: D): AppendGuard };
}

/** The transaction the pipeline runs a command in: commits when `work` resolves, rolls back when it throws. */
export interface TransactionalDatabase extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

const withEventId = (e: NewEvent): NewEvent => (e.event_id ? e : { ...e, event_id: randomUUID() });

/** The events with the ids they are stored under, chosen here so they can be looked for after a lost commit. */
const withEventIds = (events: readonly NewEvent[]): NewEvent[] => events.map(withEventId);

/** withEventIds, in turns of the event loop for many events (an import's 50,000 took 50 to 100 ms). */
const withEventIdsInTurns = async (events: readonly NewEvent[]): Promise<NewEvent[]> =>
  events.length > EVENTS_IN_ONE_TURN ? mapInTurns(events, withEventId) : withEventIds(events);

/**
 * The failures after which a command is decided again from its loaded state, nothing of it written:
 * another writer took the stream version; the pilot's data key is gone since it was remembered (the
 * events are sealed with the current key); Postgres broke a deadlock with another writer of the stream
 * (a replayed flight's row written before its events one way, after them the other).
 */
const decidedAgainAfter = (err: unknown): boolean =>
  err instanceof StreamVersionConflict || err instanceof DataKeyGone || isDeadlock(err);

/** What a commit was sent with: the session it went on, and the events it appends. */
interface Commit {
  pid: number | undefined;
  events: NewEvent[];
}

/**
 * The one write pipeline (emmett's CommandHandler): lock the stream and read its version, load the state,
 * decide, append the events with their outbox rows and the caller's write-side rows in one transaction,
 * checked against the version read, and decide again on a version conflict, a bounded number of times.
 */
export class CommandPipeline {
  private readonly attempts: number;
  private readonly outcomes: CommitOutcomes;
  private readonly groups: GroupCommit | undefined;

  constructor(
    private readonly db: TransactionalDatabase,
    private readonly options: CommandPipelineOptions = {},
    private readonly store: PipelineStore = EVENT_STORE,
    private readonly sessions: PipelineSessions = POSTGRES_SESSIONS,
  ) {
    this.attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    this.outcomes = sessions.outcomes(db, options.outcomeTimeoutMs ?? DEFAULT_OUTCOME_TIMEOUT_MS);
    if (options.grouping && store.appendGroup) {
      this.groups = new GroupCommit(db, sessions, this.outcomes, store.appendGroup, {
        maxSize: options.grouping.maxSize,
        relayWake: options.relayWake,
        sealer: options.sealer,
      });
    }
  }

  async handle<S, D extends Decided>(command: StreamCommand<S, D>): Promise<D> {
    if (command.guess) {
      const decided = await this.tryGuess(command, command.guess);
      if (decided) return decided;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.decideAndAppend(command);
      } catch (err) {
        if (!decidedAgainAfter(err) || attempt >= this.attempts) throw err;
      }
    }
  }

  private async decideAndAppend<S, D extends Decided>(command: StreamCommand<S, D>): Promise<D> {
    let sent: { commit: Commit; decided: D } | undefined;
    let decision: D;
    try {
      decision = await this.db.transaction(async (tx) => {
        const pid = this.sessions.backendPid(tx);
        const version = await this.store.lockAtVersion(tx, command.streamId);
        const decided = command.decide(await command.load(tx));
        const events = await withEventIdsInTurns(decided.events);
        if (events.length > 0) {
          const fromAppended = command.projectFromAppended?.(decided);
          await this.store.append(tx, command.streamId, version, events, command.metadata, {
            streamLocked: true,
            notify: this.options.relayWake === undefined,
            fromAppended,
            sealer: this.options.sealer,
            // The events are not read back: the ids were chosen here (an import's 50,000 rows held the loop).
            answerEvents: events.length <= EVENTS_IN_ONE_TURN,
            // Many events go in statements of bounded size, all in this transaction: one statement of an
            // import's 50,000 (37 MB) held the loop while the client copied it. Rows written from the
            // appended events need them all in one statement.
            eventsPerStatement: fromAppended ? undefined : EVENTS_IN_ONE_STATEMENT,
          });
        }
        await command.project?.(tx, decided);
        // All that follows is the COMMIT: a failure from here on may have come before or after it.
        sent = { commit: { pid, events }, decided };
        return decided;
      });
    } catch (err) {
      if (!sent) throw err;
      await this.settle(sent.commit, err);
      decision = sent.decided;
    }
    if (decision.events.length > 0) this.options.relayWake?.afterCommit();
    return decision;
  }

  /**
   * Returns when the commit that failed with `err` was recorded after all; throws `err` when it was not
   * (nothing recorded: safe to send again), WriteOutcomeUnknown when that cannot be found out in time.
   */
  private async settle(commit: Commit, err: unknown): Promise<void> {
    // Without a session, nothing was sent; a refusal by Postgres rolled the commit back.
    if (commit.pid === undefined || !isCommitOutcomeUnknown(err)) throw err;
    if (commit.events.length === 0) {
      // Nothing to look for: the session is ended so it cannot commit later, and the client told so.
      await this.outcomes.ended(commit.pid, err);
      throw new WriteOutcomeUnknown(err);
    }
    const ids = commit.events.map((e) => e.event_id!);
    if (!(await this.outcomes.recorded(commit.pid, ids, err))) throw err;
  }

  /** The decision on the guessed state when it was appended; undefined when the command must be loaded. */
  private async tryGuess<S, D extends Decided>(
    command: StreamCommand<S, D>,
    guess: NonNullable<StreamCommand<S, D>['guess']>,
  ): Promise<D | undefined> {
    let decided: D;
    try {
      decided = command.decide(guess.state);
    } catch {
      return undefined;
    }
    if (decided.events.length === 0) return undefined;
    const guard = guess.guard(decided);
    const events = withEventIds(decided.events);
    const alone = () => this.appendGuessed(command, guard, events);
    const appended =
      this.groups && guard.grouped
        ? await this.groups.add({
            append: { streamId: command.streamId, events, metadata: command.metadata, guard: guard.grouped },
            alone,
          })
        : await alone();
    return appended ? decided : undefined;
  }

  /**
   * The guessed decision's events appended in one statement behind `guard`: true when appended (the
   * relay woken), false when the guard held them back or another writer took the version.
   */
  private async appendGuessed<S, D extends Decided>(
    command: StreamCommand<S, D>,
    guard: AppendGuard,
    events: NewEvent[],
  ): Promise<boolean> {
    const commit: Commit = { pid: undefined, events };
    try {
      // No transaction: the statement takes the stream's lock itself, and is refused while a command holds
      // it (the command is never starved of its version); a concurrent append that takes the same version
      // fails on the unique stream version. Either way it is decided again the locked way.
      const result = await this.sessions.onOneConnection(this.db, (connection) => {
        commit.pid = this.sessions.backendPid(connection);
        return this.store.append(connection, command.streamId, 'any', commit.events, command.metadata, {
          streamLocked: true,
          notify: this.options.relayWake === undefined,
          onlyIf: { cte: guard.sql, params: guard.params },
          sealer: this.options.sealer,
        });
      });
      if (result.events.length === 0) return false;
    } catch (err) {
      if (decidedAgainAfter(err)) return false;
      // The statement commits alone: its failure may have come before or after its commit.
      await this.settle(commit, err);
    }
    this.options.relayWake?.afterCommit();
    return true;
  }
}
