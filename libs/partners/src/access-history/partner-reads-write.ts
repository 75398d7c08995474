import { type DataSource } from 'typeorm';
import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';
import { backendPidOf, endSession } from '@pft/platform/database/session';
import { isCommitOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { addPartnerReads, type ConnectionReads } from './partner-reads.statements';

/**
 * A write of counts whose answer was lost once its transaction had an id (its statement or its COMMIT
 * sent, the connection then cut or silent): it may have committed or not. `pid` is the session it was
 * sent on, when that session may still be alive (it is ended before the outcome is asked); `xid`, the
 * transaction's id, whose outcome Postgres keeps.
 */
export class UnsettledReadsWrite extends Error {
  constructor(
    readonly pid: number | undefined,
    readonly xid: string,
    override readonly cause: unknown,
  ) {
    super(`the outcome of a write of read counts is unknown: ${String(cause)}`);
    this.name = 'UnsettledReadsWrite';
  }
}

/**
 * Adds `counts` to `partner_reads` (addPartnerReads) in a transaction whose id is read before the counts
 * are sent. Throws what failed when nothing was written (Postgres refused it, or it failed before the
 * counts went out): the counts may be sent again. Throws UnsettledReadsWrite when the answer was lost
 * and the counts may have been added: sent again, they could be counted twice; partnerReadsWritten
 * then says whether they were.
 */
export async function writePartnerReads(db: DataSource, counts: readonly ConnectionReads[]): Promise<void> {
  if (counts.length === 0) return;
  const runner = db.createQueryRunner();
  let xid: string | undefined;
  try {
    await runner.connect();
    const pid = backendPidOf(runner);
    await runner.startTransaction();
    try {
      xid = rowsOf<{ xid: string }>(await runner.query('select pg_current_xact_id()::text as xid'))[0]!.xid;
      await addPartnerReads(runner, counts);
      await runner.commitTransaction();
    } catch (err) {
      const rolledBack = await runner.rollbackTransaction().then(
        () => true,
        () => false,
      );
      // Before the id, nothing was sent; a refusal by Postgres rolled the transaction back.
      if (xid === undefined || !isCommitOutcomeUnknown(err)) throw err;
      // A session that answered the ROLLBACK has no transaction left to commit; one that did not may.
      throw new UnsettledReadsWrite(rolledBack ? undefined : pid, xid, err);
    }
  } finally {
    await runner.release();
  }
}

/**
 * Whether the write that threw `unsettled` added its counts: from another connection, ends the session
 * it was sent on (so that it cannot commit later), then asks Postgres what became of its transaction.
 * Throws while Postgres cannot be asked, or past `deadline` (epoch ms).
 */
export async function partnerReadsWritten(
  db: Queryable,
  unsettled: UnsettledReadsWrite,
  deadline: number,
): Promise<boolean> {
  // Only while still in the write's transaction: asked again later (the next flush), the process id may
  // be another session's by then.
  if (unsettled.pid !== undefined) await endSession(db, unsettled.pid, deadline, unsettled.xid);
  const [row] = rowsOf<{ status: string | null }>(
    await db.query('select pg_xact_status($1::xid8)::text as status', [unsettled.xid]),
  );
  if (row?.status === 'committed') return true;
  if (row?.status === 'aborted') return false;
  throw new Error(`the write of read counts in transaction ${unsettled.xid} is ${row?.status ?? 'unknown'}`);
}
