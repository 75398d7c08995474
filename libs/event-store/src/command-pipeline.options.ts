import { type Queryable } from '@pft/platform/database/queryable';
import { backendPidOf, onOneConnection } from '@pft/platform/database/session';
import { CommitOutcomes } from './commit-outcome';
import { appendEvents } from './event-store';
import { appendGroup } from './group-append';
import { type PayloadSealer } from './payload-sealing';
import { type RelayWake } from './relay-wake';
import { lockStreamAtVersion } from './stream-lock';

export interface CommandPipelineOptions {
  /**
   * Told after each commit that appended events, to wake the relay (RelayWake). When given, the append
   * does not NOTIFY inside the transaction (Postgres serializes the commits of notifying transactions).
   */
  relayWake?: Pick<RelayWake, 'afterCommit'>;
  /** How often a command is decided in all, retried after the failures `decidedAgainAfter` (command-pipeline.ts) names. */
  attempts?: number;
  /**
   * How long a command whose commit went unanswered keeps trying to find out whether it was recorded
   * (CommitOutcomes) before failing with WriteOutcomeUnknown; 11 s when not given.
   */
  outcomeTimeoutMs?: number;
  /**
   * Group commit (GroupCommit): the guessed appends of one event-loop turn whose guards have a grouped
   * form go to Postgres as one statement, `maxSize` at most; each append alone when not given.
   */
  grouping?: { maxSize: number };
  /** What seals the pilots' payloads (AppendOptions.sealer): needed by commands that append them. */
  sealer?: PayloadSealer;
}

/** The event store operations the pipeline uses, replaceable in unit tests. */
export interface PipelineStore {
  lockAtVersion: typeof lockStreamAtVersion;
  append: typeof appendEvents;
  /** The statement of a group of guessed appends; without it, no grouping. */
  appendGroup?: typeof appendGroup;
}

export const EVENT_STORE: PipelineStore = {
  lockAtVersion: lockStreamAtVersion,
  append: appendEvents,
  appendGroup,
};

/** How the pipeline knows the Postgres session a commit is sent on, replaceable in unit tests. */
export interface PipelineSessions {
  backendPid: typeof backendPidOf;
  onOneConnection: typeof onOneConnection;
  /** Finds out what became of a commit that went unanswered on the database `db`. */
  outcomes(db: Queryable, timeoutMs: number): CommitOutcomes;
}

export const POSTGRES_SESSIONS: PipelineSessions = {
  backendPid: backendPidOf,
  onOneConnection,
  outcomes: (db, timeoutMs) => new CommitOutcomes(db, timeoutMs),
};

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_OUTCOME_TIMEOUT_MS = 11_000;
