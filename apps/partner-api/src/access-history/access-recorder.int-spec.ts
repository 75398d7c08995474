import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { createDataSource, shutdownDeadline } from '@pft/platform';
import { TcpProxy, withTestDataSource } from '@pft/testing';
import { AccessRecorder, COUNTS_PER_STATEMENT } from './access-recorder';
import { type PartnerApiConfig } from '../partner-api.config';

describe('AccessRecorder (Postgres): counts written a slice per statement', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  const recorder = (): AccessRecorder =>
    new AccessRecorder({ ACCESS_HISTORY: 'on', ACCESS_HISTORY_FLUSH_MS: 30_000 } as PartnerApiConfig, ds);

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

  /** What the recorder logged at level error, as its fields. */
  function errorsLogged(): { fields: Record<string, unknown>[]; restore: () => void } {
    const fields: Record<string, unknown>[] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      if (typeof message === 'object' && message !== null) fields.push(message as Record<string, unknown>);
    });
    return { fields, restore: () => spy.mockRestore() };
  }

  it('logs the reads it could not write when the app closes, with their number and each pilot_id', async () => {
    const { partnerId, ids } = await connections(2);
    const access = recorder();
    // One answer read twice, and another Postgres refuses: the statement of all three fails.
    const answer = { pilot_id: ids[0]! };
    access.recordReads([answer, answer, { pilot_id: 'not-a-uuid' }]);
    const logged = errorsLogged();
    try {
      await access.beforeApplicationShutdown();
      await access.onApplicationShutdown();
    } finally {
      logged.restore();
    }
    expect(await written(partnerId)).toEqual({ rows: 0, reads: 0 });
    expect(logged.fields).toEqual([
      expect.objectContaining({
        unwritten_reads: 3,
        unwritten: [
          { pilot_id: ids[0], day: expect.any(String), reads: 2 },
          { pilot_id: 'not-a-uuid', day: expect.any(String), reads: 1 },
        ],
      }),
    ]);
  });

  it('logs the reads of a statement still unanswered at the shutdown deadline (Postgres gone silent)', async () => {
    const { ids } = await connections(1);
    const url = (ds.options as { url: string }).url;
    const proxy = await TcpProxy.start(url);
    const silent = await createDataSource(proxy.rewrite(url), 1).initialize();
    const logged = errorsLogged();
    try {
      const access = new AccessRecorder(
        { ACCESS_HISTORY: 'on', ACCESS_HISTORY_FLUSH_MS: 30_000 } as PartnerApiConfig,
        silent,
      );
      proxy.blackhole();
      const answer = { pilot_id: ids[0]! };
      access.recordReads([answer, answer, answer]);
      shutdownDeadline.begin(300);
      await access.beforeApplicationShutdown();
      // The process would exit here (runMain): the deadline's speakers say what is given up.
      shutdownDeadline.abandon();
      // And the closing writes stop: none is tried after the deadline.
      const flushes = jest.spyOn(access, 'flush');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(flushes).not.toHaveBeenCalled();
    } finally {
      logged.restore();
      await proxy.close();
      await silent.destroy().catch(() => undefined);
    }
    expect(logged.fields).toEqual([
      expect.objectContaining({
        unwritten_reads: 3,
        unwritten: [{ pilot_id: ids[0], day: expect.any(String), reads: 3 }],
      }),
    ]);
  });
});
