import { setTimeout as sleep } from 'node:timers/promises';
import { endSession } from '@pft/platform/database/session';
import { type Queryable } from '@pft/platform/database/queryable';
import { WriteOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { storedEventIds } from './event-store';

/** What finding out a commit's outcome does to the database, replaceable in unit tests. */
export interface OutcomeQueries {
  endSession(db: Queryable, pid: number, deadline: number): Promise<void>;
  storedEventIds(db: Queryable, eventIds: readonly string[]): Promise<string[]>;
}

const POSTGRES: OutcomeQueries = { endSession, storedEventIds };

/** The pause between two tries while the database cannot be asked. */
const PAUSE_MS = 200;

/** Rejects when `ms` pass before `work` settles. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Finds out whether a commit that went unanswered was recorded, before the client is answered: from
 * another connection, ends the session the commit was sent on (so that it can no longer commit later),
 * then looks for the command's events by their ids. While the database cannot be asked it tries again,
 * for `timeoutMs` at most, then gives up with WriteOutcomeUnknown.
 */
export class CommitOutcomes {
  constructor(
    private readonly db: Queryable,
    private readonly timeoutMs: number,
    private readonly queries: OutcomeQueries = POSTGRES,
  ) {}

  /**
   * True when the events of the commit sent on session `pid` are stored, false when they are not and
   * never will be; `cause` is the commit's own failure, kept on the WriteOutcomeUnknown.
   */
  async recorded(pid: number, eventIds: readonly string[], cause: unknown): Promise<boolean> {
    return this.untilAnswered(cause, (deadline) => this.lookUp(pid, eventIds, deadline));
  }

  /**
   * Which of `eventIds` are stored, once the session `pid` the commit was sent on has ended: for a commit
   * that appended the events of several commands (GroupCommit), each of which may have appended nothing.
   */
  async storedOf(pid: number, eventIds: readonly string[], cause: unknown): Promise<string[]> {
    return this.untilAnswered(cause, async (deadline) => {
      await this.queries.endSession(this.db, pid, deadline);
      return eventIds.length === 0 ? [] : this.queries.storedEventIds(this.db, eventIds);
    });
  }

  /** What `ask` answers, asked again while the database cannot be asked, for `timeoutMs` at most. */
  private async untilAnswered<T>(cause: unknown, ask: (deadline: number) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.timeoutMs;
    let lastFailure: unknown = cause;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      try {
        return await within(ask(deadline), left);
      } catch (err) {
        lastFailure = err;
      }
      await sleep(Math.max(0, Math.min(PAUSE_MS, deadline - Date.now())));
    }
    throw new WriteOutcomeUnknown(lastFailure === cause ? cause : { commit: cause, lookUp: lastFailure });
  }

  /** Ends the session `pid` without looking for anything: for a commit that appended no events. */
  async ended(pid: number, cause: unknown): Promise<void> {
    await this.recorded(pid, [], cause);
  }

  private async lookUp(pid: number, eventIds: readonly string[], deadline: number): Promise<boolean> {
    await this.queries.endSession(this.db, pid, deadline);
    if (eventIds.length === 0) return false;
    const found = await this.queries.storedEventIds(this.db, eventIds);
    if (found.length === eventIds.length) return true;
    if (found.length === 0) return false;
    throw new Error(`${found.length} of the ${eventIds.length} events of one commit are stored`);
  }
}
