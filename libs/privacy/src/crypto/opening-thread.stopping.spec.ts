import { decodeEventMessages } from '@pft/contracts';
import { DataKeys } from './data-keys';
import { OpeningThread } from './opening-thread';
import { mixedBatch } from './opening-thread.test-support';
import { pilotsWithKeys, testMasterKeys as ring } from '@pft/testing';
import { boxOpener, MESSAGES_FOR_THREAD } from './sealed-json';

describe('a batch on the opening thread when the thread stops, or the keys cannot be read', () => {
  const thread = new OpeningThread();
  afterAll(() => thread.close());

  it('decodes a batch on the caller’s thread when the thread stops with it, and starts another after', async () => {
    const { pilots, table } = pilotsWithKeys(3);
    const values = mixedBatch(pilots, MESSAGES_FOR_THREAD);
    const expected = await decodeEventMessages(
      values,
      boxOpener(new DataKeys(ring), table, { thread: null }),
    );
    const ownThread = new OpeningThread();
    const asked = jest.spyOn(ownThread, 'openMessages');
    const opener = boxOpener(new DataKeys(ring), table, { thread: ownThread });
    const decoding = decodeEventMessages(values, opener);
    // The batch is on the thread when it stops.
    await new Promise((resolve) => setImmediate(resolve));
    await ownThread.close();
    expect(await decoding).toEqual(expected);
    expect(await decodeEventMessages(values, opener)).toEqual(expected);
    // The stopped batch, then the next one, and for it the messages whose key id the scan missed.
    expect(asked).toHaveBeenCalledTimes(3);
    await expect(asked.mock.results[0]!.value).rejects.toThrow(/stopped/);
    await expect(asked.mock.results[1]!.value).resolves.toHaveLength(values.length);
    await ownThread.close();
  });

  it('lets a failure to read the keys reach the reader, never trying again on its own thread', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    // Fails once, as a statement in a transaction does (the transaction fails every one after it).
    let failed = false;
    const failingOnce = {
      query: () => {
        if (failed) return table.query();
        failed = true;
        return Promise.reject(new Error('connection to the database lost'));
      },
    };
    const values = mixedBatch(pilots, MESSAGES_FOR_THREAD);
    await expect(
      decodeEventMessages(values, boxOpener(new DataKeys(ring), failingOnce, { thread })),
    ).rejects.toThrow('connection to the database lost');
  });

  it('refuses only what the stopped thread had: a batch sent after it goes to the next thread', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const values = mixedBatch(pilots, MESSAGES_FOR_THREAD);
    const keys = new DataKeys(ring);
    const keysFor = async (ids: string[]) => {
      await keys.load(table, ids);
      return ids.map(() => ({ key: undefined }));
    };
    const ownThread = new OpeningThread();
    const first = ownThread.openMessages(values, keys, keysFor);
    await new Promise((resolve) => setImmediate(resolve));
    const stopped = ownThread.close();
    const second = ownThread.openMessages(values, keys, keysFor);
    await expect(first).rejects.toThrow(/stopped/);
    await stopped;
    expect(await second).toHaveLength(values.length);
    await ownThread.close();
  });
});
