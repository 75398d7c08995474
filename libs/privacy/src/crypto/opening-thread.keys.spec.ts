import { KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { decodeEventMessages } from '@pft/contracts';
import { DataKeys } from './data-keys';
import { OpeningThread } from './opening-thread';
import {
  pilotsWithKeys,
  type SealingPilot as Pilot,
  sealedMessage,
  testMasterKeys as ring,
} from '@pft/testing';
import { boxOpener, MESSAGES_FOR_THREAD } from './sealed-json';
import { type KeysRequest } from './thread-held-keys';

/** Each pilot's sound sealed messages, in turn, `count` in all. */
const batchOf = (pilots: Pilot[], count: number): Buffer[] =>
  Array.from({ length: count }, (_, i) => sealedMessage(pilots[i % pilots.length]!));

/** What each request the thread was sent since `posted` began watching told it of keys. */
/** One answer a message, every one opened. */
function expectAllOpened(decoded: readonly { ok: boolean }[], count: number): void {
  expect(decoded).toHaveLength(count);
  expect(decoded.filter((d) => !d.ok)).toEqual([]);
}

function requests(posted: jest.SpyInstance): (KeysRequest & { ends: Uint32Array })[] {
  return posted.mock.calls.map(([request]) => request as KeysRequest & { ends: Uint32Array });
}

describe('the data keys the opening thread holds', () => {
  let posted: jest.SpyInstance;
  beforeEach(() => (posted = jest.spyOn(Worker.prototype, 'postMessage')));
  afterEach(() => posted.mockRestore());

  it('are asked for by the thread once, then held, and open as the caller’s thread opens', async () => {
    const { pilots, table } = pilotsWithKeys(5);
    const thread = new OpeningThread();
    const opener = boxOpener(new DataKeys(ring), table, { thread });
    const here = boxOpener(new DataKeys(ring), table, { thread: null });
    for (let round = 0; round < 3; round++) {
      const values = batchOf(pilots, MESSAGES_FOR_THREAD);
      const there = await decodeEventMessages(values, opener);
      expectAllOpened(there, values.length);
      expect(there).toEqual(await decodeEventMessages(values, here));
    }
    const [first, again, ...later] = requests(posted);
    expect(first!.given).toBeNull();
    // Every message again, with the keys they name.
    expect(again!.ends).toHaveLength(MESSAGES_FOR_THREAD);
    expect(again!.given!.keyIds.sort()).toEqual(pilots.map((p) => p.keyId).sort());
    expect(again!.given!.keys.every((key) => key instanceof KeyObject)).toBe(true);
    expect(again!.given!.subjects.sort()).toEqual(pilots.map((p) => p.id).sort());
    expect(later.map((r) => r.given)).toEqual([null, null]);
    await thread.close();
  });

  it('are never used once their owner forgets the subject: its payloads read as erased', async () => {
    const { pilots, table, destroy } = pilotsWithKeys(3);
    const keys = new DataKeys(ring);
    const thread = new OpeningThread();
    const opener = boxOpener(keys, table, { thread });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    expectAllOpened(await decodeEventMessages(values, opener), values.length);
    // As an erasure does: the key row deleted, and this process's memory of the pilot's keys dropped.
    destroy(pilots[1]!);
    keys.forgetSubject(pilots[1]!.id);
    const after = await decodeEventMessages(values, opener);
    expect(after).toHaveLength(values.length);
    after.forEach((d, i) => {
      if (i % 3 === 1) expect(d).toMatchObject({ ok: false, erased: true });
      else expect(d.ok).toBe(true);
    });
    const [, , told, asked] = requests(posted);
    expect(told!.forget).toEqual([[told!.source, pilots[1]!.id]]);
    expect(told!.given).toBeNull();
    // Only the forgotten pilot's messages are asked for again, its key given as destroyed.
    expect(asked!.ends).toHaveLength(values.filter((_, i) => i % 3 === 1).length);
    expect(asked!.given).toMatchObject({ keyIds: [pilots[1]!.keyId], keys: [null] });
    // Held as destroyed: the next batch is answered in one request.
    expect((await decodeEventMessages(values, opener)).filter((d) => d.ok)).toHaveLength(
      values.length - asked!.ends.length,
    );
    expect(requests(posted)).toHaveLength(5);
    await thread.close();
  });

  it('are held no longer than heldMs after they were given, nor longer than their owner keeps them', async () => {
    let now = 0;
    const { pilots, table } = pilotsWithKeys(2);
    const thread = new OpeningThread({ heldKeys: { heldMs: 1000, now: () => now } });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    const decodeAt = async (keys: DataKeys, at: number) => {
      now = at;
      expectAllOpened(await decodeEventMessages(values, boxOpener(keys, table, { thread })), values.length);
      return requests(posted).length;
    };
    const longer = new DataKeys(ring, { now: () => now });
    expect(await decodeAt(longer, 0)).toBe(2);
    expect(await decodeAt(longer, 999)).toBe(3);
    // heldMs after they were given: asked for again.
    expect(await decodeAt(longer, 1000)).toBe(5);
    expect(requests(posted)[4]!.given!.until).toEqual([2000, 2000]);
    // An owner that keeps them 300 ms: held 300 ms.
    const shorter = new DataKeys(ring, { ttlMs: 300, now: () => now });
    expect(await decodeAt(shorter, 2000)).toBe(7);
    expect(requests(posted)[6]!.given!.until).toEqual([2300, 2300]);
    expect(await decodeAt(shorter, 2299)).toBe(8);
    expect(await decodeAt(shorter, 2300)).toBe(10);
    await thread.close();
  });

  it('are used no longer than their owner’s confirmMs after it read their rows: a key destroyed elsewhere then reads as erased', async () => {
    let now = 0;
    const { pilots, table, destroy } = pilotsWithKeys(2);
    const thread = new OpeningThread({ heldKeys: { now: () => now } });
    const keys = new DataKeys(ring, { confirmMs: 10_000, now: () => now });
    const opener = boxOpener(keys, table, { thread });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    expectAllOpened(await decodeEventMessages(values, opener), values.length);
    // Erased by another process: the key row deleted, this one not told.
    destroy(pilots[0]!);
    now = 9_999;
    expectAllOpened(await decodeEventMessages(values, opener), values.length);
    now = 10_000;
    const after = await decodeEventMessages(values, opener);
    expect(after).toHaveLength(values.length);
    after.forEach((d, i) => {
      if (i % 2 === 0) expect(d).toMatchObject({ ok: false, erased: true });
      else expect(d.ok).toBe(true);
    });
    await thread.close();
  });

  it('of one owner are never used for another’s batch', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const thread = new OpeningThread();
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    const [one, other] = [new DataKeys(ring), new DataKeys(ring)];
    await decodeEventMessages(values, boxOpener(one, table, { thread }));
    expectAllOpened(await decodeEventMessages(values, boxOpener(other, table, { thread })), values.length);
    const [, , otherFirst, otherAgain] = requests(posted);
    expect(otherFirst!.source).not.toBe(requests(posted)[0]!.source);
    expect(otherAgain!.given!.keyIds).toHaveLength(2);
    await thread.close();
  });

  it('start afresh with a new thread: every key is asked for again', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const thread = new OpeningThread();
    const opener = boxOpener(new DataKeys(ring), table, { thread });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    await decodeEventMessages(values, opener);
    await thread.close();
    expectAllOpened(await decodeEventMessages(values, opener), values.length);
    const [, , first, again] = requests(posted);
    expect(first!.given).toBeNull();
    expect(again!.given!.keys.every((key) => key instanceof KeyObject)).toBe(true);
    await thread.close();
  });
});
