import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/access/api-keys';
import { type AppConfig } from '@pft/platform';
import { withTestDataSource } from '@pft/testing';
import { AccessRecorder, COUNTS_PER_STATEMENT } from './access-recorder';

describe('AccessRecorder (Postgres): counts written a slice per statement', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  const recorder = (): AccessRecorder =>
    new AccessRecorder({ ACCESS_HISTORY: 'on', ACCESS_HISTORY_FLUSH_MS: 30_000 } as AppConfig, ds);

  /** `count` connections of a new partner: their ids, which the partner API answers as pilot_id. */
  async function connections(count: number): Promise<{ partnerId: string; ids: string[] }> {
    const { partnerId } = await createPartner(ds, 'Many reads');
    const ids = Array.from({ length: count }, () => randomUUID());
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       select id, $2, gen_random_uuid(), now() from unnest($1::uuid[]) as id`,
      [ids, partnerId],
    );
    return { partnerId, ids };
  }

  const written = async (partnerId: string): Promise<{ rows: number; reads: number }> => {
    const [row] = await ds.query<{ rows: number; reads: number }[]>(
      'select count(*)::int as rows, coalesce(sum(reads), 0)::int as reads from partner_reads where partner_id = $1',
      [partnerId],
    );
    return row!;
  };

  it('writes every count of a burst larger than one statement takes', async () => {
    const { partnerId, ids } = await connections(2 * COUNTS_PER_STATEMENT + 10);
    const access = recorder();
    access.recordReads(ids.map((id) => ({ pilot_id: id })));
    access.recordReads(ids.slice(0, 10).map((id) => ({ pilot_id: id })));
    await access.flush();
    expect(access.tally.empty).toBe(true);
    expect(await written(partnerId)).toEqual({ rows: ids.length, reads: ids.length + 10 });
  });

  it('keeps the counts from a failed statement on for the next write, and only those', async () => {
    const { partnerId, ids } = await connections(2 * COUNTS_PER_STATEMENT);
    const access = recorder();
    // An id Postgres refuses, in the second statement's slice.
    const answers = ids.map((id) => ({ pilot_id: id }));
    answers.splice(COUNTS_PER_STATEMENT + 5, 0, { pilot_id: 'not-a-uuid' });
    access.recordReads(answers);
    await access.flush();
    expect(await written(partnerId)).toEqual({ rows: COUNTS_PER_STATEMENT, reads: COUNTS_PER_STATEMENT });
    const kept = access.tally.take();
    expect(kept).toHaveLength(answers.length - COUNTS_PER_STATEMENT);
    expect(kept.map((count) => count.connectionId)).toEqual(
      answers.slice(COUNTS_PER_STATEMENT).map((answer) => answer.pilot_id),
    );
  });
});
