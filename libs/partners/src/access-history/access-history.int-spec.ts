import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { connectedPilot, withTestDataSource } from '@pft/testing';
import { createPartner } from '../api-keys/api-keys.repository';
import { AccessHistory } from './access-history.module';
import { addPartnerReads, partnerReadsOf } from './partner-reads.statements';

describe('access history store (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  const connected = (partnerId: string, pilot?: string): Promise<{ pilot: string; id: string }> =>
    connectedPilot(ds, partnerId, { shares: false, pilot });

  const at = (iso: string): number => Date.parse(iso);

  it('adds counts (several replicas, several writes) per pilot, partner and day; keeps the latest time', async () => {
    const { partnerId } = await createPartner(ds, 'Reads add up');
    const first = await connected(partnerId);
    await ds.query('update connections set disconnected_at = now() where connection_id = $1', [first.id]);
    // A later connection of the same pilot and partner counts into the same rows.
    const again = await connected(partnerId, first.pilot);
    await addPartnerReads(ds, [
      { connectionId: first.id, day: '2026-11-24', reads: 3, lastAt: at('2026-11-24T10:00:00.250Z') },
      { connectionId: first.id, day: '2026-11-25', reads: 2, lastAt: at('2026-11-25T09:00:00Z') },
      { connectionId: again.id, day: '2026-11-25', reads: 1, lastAt: at('2026-11-25T08:00:00Z') },
    ]);
    await Promise.all([
      addPartnerReads(ds, [
        { connectionId: first.id, day: '2026-11-25', reads: 4, lastAt: at('2026-11-25T07:00:00Z') },
      ]),
      addPartnerReads(ds, [
        { connectionId: again.id, day: '2026-11-25', reads: 5, lastAt: at('2026-11-25T11:00:00Z') },
      ]),
    ]);
    // An id no connection has (a read of a connection deleted since): nothing, and no failure.
    await addPartnerReads(ds, [
      { connectionId: randomUUID(), day: '2026-11-25', reads: 1, lastAt: Date.now() },
    ]);
    const rows = await partnerReadsOf(ds, first.pilot, '2026-11-01');
    expect(rows.map((r) => ({ ...r, last_at: r.last_at.toISOString() }))).toEqual([
      {
        partner_id: partnerId,
        kind: 'totals',
        day: '2026-11-25',
        reads: 12,
        last_at: '2026-11-25T11:00:00.000Z',
      },
      {
        partner_id: partnerId,
        kind: 'totals',
        day: '2026-11-24',
        reads: 3,
        last_at: '2026-11-24T10:00:00.250Z',
      },
    ]);
    expect(await partnerReadsOf(ds, first.pilot, '2026-11-25')).toHaveLength(1);
  });

  it('holds the connections a write of counts resolves through: a delete waits for it, a disconnect does not, and counts written after the delete add nothing', async () => {
    const { partnerId } = await createPartner(ds, 'Late counts');
    const linked = await connected(partnerId);
    const other = await connected((await createPartner(ds, 'Late counts too')).partnerId, linked.pilot);
    const day = { day: '2026-11-25', reads: 1, lastAt: at('2026-11-25T12:00:00Z') };
    const writing = ds.createQueryRunner();
    await writing.connect();
    try {
      await writing.startTransaction();
      await addPartnerReads(writing, [
        { connectionId: linked.id, ...day },
        { connectionId: other.id, ...day },
      ]);
      // A disconnect changes no key: not held up.
      await ds.query('update connections set disconnected_at = now() where connection_id = $1', [other.id]);
      let deleted = false;
      const deleting = ds
        .query('delete from connections where pilot_account_id = $1', [linked.pilot])
        .then(() => (deleted = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false);
      await writing.commitTransaction();
      await deleting;
      expect(deleted).toBe(true);
    } finally {
      await writing.release();
    }
    const readsOfPilot = async (): Promise<number> =>
      (await partnerReadsOf(ds, linked.pilot, '1970-01-01')).reduce((n, row) => n + row.reads, 0);
    expect(await readsOfPilot()).toBe(2);
    // Written after the delete (a replica's late count): no connection, nothing added.
    await addPartnerReads(ds, [{ connectionId: linked.id, ...day }]);
    expect(await readsOfPilot()).toBe(2);
  });

  it('forgetPilot deletes the pilot’s history and nobody else’s', async () => {
    const { partnerId } = await createPartner(ds, 'Forget');
    const erased = await connected(partnerId);
    const other = await connected(partnerId);
    const day = { day: '2026-11-25', reads: 2, lastAt: at('2026-11-25T12:00:00Z') };
    await addPartnerReads(ds, [
      { connectionId: erased.id, ...day },
      { connectionId: other.id, ...day },
      { connectionId: erased.id, ...day, day: '2026-11-20' },
    ]);
    const history = new AccessHistory(ds);
    expect(await history.forgetPilot(erased.pilot)).toBe(2);
    expect(await partnerReadsOf(ds, erased.pilot, '1970-01-01')).toEqual([]);
    expect(await partnerReadsOf(ds, other.pilot, '1970-01-01')).toHaveLength(1);
    // In the caller's transaction: undone with it.
    await addPartnerReads(ds, [{ connectionId: other.id, ...day }]);
    let forgotten: number | undefined;
    await expect(
      ds.transaction(async (tx) => {
        forgotten = await history.forgetPilot(other.pilot, tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(forgotten).toBe(1);
    expect(await partnerReadsOf(ds, other.pilot, '1970-01-01')).toHaveLength(1);
  });
});
