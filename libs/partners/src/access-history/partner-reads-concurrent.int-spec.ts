import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { createPartner } from '../api-keys/api-keys.repository';
import { addPartnerReads, type ConnectionReads } from './partner-reads.statements';

/**
 * Replicas behind one load balancer count reads of the same pilots, and their writes of a new day's counts
 * can run at once: each adds its counts, none is refused (a deadlock would put them off to the next write).
 */
describe('access history store (Postgres): replicas writing at once', () => {
  let ds: DataSource;
  withTestDataSource(7, (made) => (ds = made));

  it('adds every replica’s counts of the same pilots, written at the same time', async () => {
    const { partnerId } = await createPartner(ds, 'Read by many replicas');
    const ids = Array.from({ length: 3000 }, () => randomUUID());
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       select id, $2, gen_random_uuid(), now() from unnest($1::uuid[]) as id`,
      [ids, partnerId],
    );
    const counts = (list: string[], day: string): ConnectionReads[] =>
      list.map((connectionId) => ({ connectionId, day, reads: 1, lastAt: Date.parse(`${day}T12:00:00Z`) }));
    // Six replicas, each with the counts of its own share of the pilots, overlapping the others'.
    const shares = [200, 700, 1500, 2000, 2600, 3000];
    const refused: unknown[] = [];
    const days = Array.from({ length: 10 }, (_, i) => `2026-11-${String(i + 10)}`);
    for (const day of days) {
      const writes = shares.map((size, i) =>
        addPartnerReads(ds, counts(i % 2 === 0 ? ids.slice(-size) : ids.slice(0, size), day)),
      );
      for (const result of await Promise.allSettled(writes)) {
        if (result.status === 'rejected') refused.push(String(result.reason));
      }
    }
    expect(refused).toEqual([]);
    const [row] = await ds.query<{ reads: number }[]>(
      'select sum(reads)::int as reads from partner_reads where partner_id = $1',
      [partnerId],
    );
    expect(row!.reads).toBe(days.length * shares.reduce((sum, size) => sum + size, 0));
  });
});
