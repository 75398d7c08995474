import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { recordLiveAnswers } from './live-totals';

describe('recordLiveAnswers (Postgres): only through a connection still linked', () => {
  let ds: DataSource;
  withTestDataSource(3, (made) => (ds = made));

  async function linkedConnection(): Promise<string> {
    const { partnerId } = await createPartner(ds, 'Live Air');
    const connectionId = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())`,
      [connectionId, partnerId, randomUUID()],
    );
    return connectionId;
  }

  const recorded = async (connectionId: string): Promise<number[]> =>
    (
      await ds.query<{ stream_version: number }[]>(
        'select stream_version from live_answers where connection_id = $1',
        [connectionId],
      )
    ).map((row) => row.stream_version);

  const disconnect = (connectionId: string): Promise<unknown> =>
    ds.query('update connections set disconnected_at = now() where connection_id = $1', [connectionId]);

  it('records and raises the version answered through a linked connection, never lowers it', async () => {
    const connectionId = await linkedConnection();
    await recordLiveAnswers(ds, [{ connectionId, streamVersion: 3 }]);
    await recordLiveAnswers(ds, [{ connectionId, streamVersion: 2 }]);
    expect(await recorded(connectionId)).toEqual([3]);
    await recordLiveAnswers(ds, [{ connectionId, streamVersion: 5 }]);
    expect(await recorded(connectionId)).toEqual([5]);
  });

  it('records nothing for a read that resolved the connection before an erasure disconnected it and deleted its live answers', async () => {
    const connectionId = await linkedConnection();
    const other = await linkedConnection();
    // The erasure's steps: the disconnect, then the delete of the live answers (the connection stays
    // until a later step).
    await disconnect(connectionId);
    await ds.query('delete from live_answers where connection_id = $1', [connectionId]);

    await recordLiveAnswers(ds, [
      { connectionId, streamVersion: 4 },
      { connectionId: other, streamVersion: 2 },
    ]);

    expect(await recorded(connectionId)).toEqual([]);
    expect(await recorded(other)).toEqual([2]);
  });

  it('records nothing through a connection deleted', async () => {
    const connectionId = await linkedConnection();
    await ds.query('delete from connections where connection_id = $1', [connectionId]);
    await recordLiveAnswers(ds, [{ connectionId, streamVersion: 4 }]);
    expect(await recorded(connectionId)).toEqual([]);
  });

  it('waits for a disconnect under way and then records nothing', async () => {
    const connectionId = await linkedConnection();
    const disconnecting = ds.createQueryRunner();
    await disconnecting.startTransaction();
    try {
      // As the disconnect does: the connection locked for update, then ended.
      await disconnecting.query('select 1 from connections where connection_id = $1 for update', [
        connectionId,
      ]);
      await disconnecting.query('update connections set disconnected_at = now() where connection_id = $1', [
        connectionId,
      ]);
      let done = false;
      const recording = recordLiveAnswers(ds, [{ connectionId, streamVersion: 4 }]).then(() => (done = true));
      await sleep(200);
      expect(done).toBe(false);
      await disconnecting.commitTransaction();
      await recording;
    } finally {
      if (disconnecting.isTransactionActive) await disconnecting.rollbackTransaction();
      await disconnecting.release();
    }
    expect(await recorded(connectionId)).toEqual([]);
  });

  it('holds the connection until it commits: the delete of the connection waits for it', async () => {
    const connectionId = await linkedConnection();
    const recording = ds.createQueryRunner();
    await recording.startTransaction();
    try {
      await recordLiveAnswers(recording, [{ connectionId, streamVersion: 4 }]);
      await expect(
        ds.query('select 1 from connections where connection_id = $1 for update nowait', [connectionId]),
      ).rejects.toMatchObject({ code: '55P03' });
      await recording.commitTransaction();
    } finally {
      if (recording.isTransactionActive) await recording.rollbackTransaction();
      await recording.release();
    }
    expect(await recorded(connectionId)).toEqual([4]);
  });
});
