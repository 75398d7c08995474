import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { partnerReadsWritten, UnsettledReadsWrite } from './partner-reads-write';

/**
 * Settling a write of read counts whose answer was lost, asked again at a later flush: the session it
 * was sent on is long gone, and its process id may be another session's by then.
 */
describe('partnerReadsWritten (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  it('leaves alone a session that has the process id now but not the transaction, and answers from the transaction', async () => {
    // The write's transaction, committed (its session then ended).
    const xid = await ds.transaction(
      async (tx) => (await tx.query<{ xid: string }[]>('select pg_current_xact_id()::text as xid'))[0]!.xid,
    );
    // Another session of the same database and role holding that process id now.
    const other = new Client({ connectionString: (ds.options as { url: string }).url });
    await other.connect();
    try {
      const { pid } = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
      const unsettled = new UnsettledReadsWrite(pid, xid, new Error('connection lost'));
      expect(await partnerReadsWritten(ds, unsettled, Date.now() + 5000)).toBe(true);
      expect((await other.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      await other.end().catch(() => undefined);
    }
  });
});
