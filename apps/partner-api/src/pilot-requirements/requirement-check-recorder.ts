import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type CheckRecorded,
  type CheckToRecord,
  isListGone,
  recordRequirementCheck,
  recordRequirementChecks,
} from '@pft/partners';
import { type Queryable } from '@pft/platform';
import { TurnBatcher } from '@pft/platform/batching/turn-batcher';

/** Checks recorded in one transaction at most. */
const BATCH_SIZE = 200;

/**
 * Statements recording checks under way at once at most: the checks that come meanwhile go together in
 * the next.
 */
const RUNNING = 2;

/**
 * Records the answered requirement checks of an event-loop turn together, so that they share one
 * statement and one commit (a commit's flush to disk was most of a check's cost), each answered with
 * its own outcome; while RUNNING statements are under way, the checks of the turns that end meanwhile
 * wait and go together in the next one (fewer statements and commits for the same checks, and no more
 * than RUNNING of the pool's connections taken by checks). Two checks of one connection in a turn go in
 * statements one after the other, in the order they came, in the same transaction. When the transaction fails, every check of it fails and
 * none is recorded.
 */
@Injectable()
export class RequirementCheckRecorder {
  private readonly batcher = new TurnBatcher<CheckToRecord, CheckRecorded>(
    (checks) => this.recordAll(checks),
    { maxSize: BATCH_SIZE, maxRunning: RUNNING },
  );

  constructor(private readonly dataSource: DataSource) {}

  record(check: CheckToRecord): Promise<CheckRecorded> {
    return this.batcher.add(check);
  }

  /**
   * Records one check alone, in a transaction that also runs `withRecord` when the check is recorded (a
   * check sent under an `Idempotency-Key` keeps its answer there): both are written or neither. When
   * `withRecord` fails, the check is neither recorded nor counted.
   */
  recordWith(check: CheckToRecord, withRecord: (tx: Queryable) => Promise<void>): Promise<CheckRecorded> {
    return againWhenListGone(() =>
      this.dataSource.transaction(async (tx) => {
        const recorded = await recordRequirementCheck(tx, check);
        if (recorded.outcome === 'recorded') await withRecord(tx);
        return recorded;
      }),
    );
  }

  private async recordAll(checks: readonly CheckToRecord[]): Promise<CheckRecorded[]> {
    // Rounds of distinct connections: a connection's second check of the turn goes in the second.
    const rounds: number[][] = [];
    const seen = new Map<string, number>();
    checks.forEach((check, i) => {
      const round = seen.get(check.connectionId) ?? 0;
      seen.set(check.connectionId, round + 1);
      (rounds[round] ??= []).push(i);
    });
    const record = async (runner: Queryable): Promise<CheckRecorded[]> => {
      const outcomes = new Array<CheckRecorded>(checks.length);
      for (const round of rounds) {
        const recorded = await recordRequirementChecks(
          runner,
          round.map((i) => checks[i]!),
        );
        round.forEach((i, k) => (outcomes[i] = recorded[k]!));
      }
      return outcomes;
    };
    return againWhenListGone(() =>
      rounds.length === 1 ? record(this.dataSource) : this.dataSource.transaction(record),
    );
  }
}

/**
 * `write` once more when Postgres refused it for a list of requirements the retention deleted meanwhile
 * (isListGone: nothing of it was written); the second keeps the list anew.
 */
async function againWhenListGone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isListGone(err)) throw err;
    return write();
  }
}
