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
import { HELD } from './thread-held-keys';

/** Each pilot's sound sealed messages, in turn, `count` in all. */
const batchOf = (pilots: Pilot[], count: number): Buffer[] =>
  Array.from({ length: count }, (_, i) => sealedMessage(pilots[i % pilots.length]!));

/** The keys of each request the thread was sent since `posted` began watching. */
function sentKeys(posted: jest.SpyInstance): unknown[][] {
  return posted.mock.calls.map(([request]) => (request as { keys: unknown[] }).keys);
}

describe('the data keys the opening thread holds', () => {
  let posted: jest.SpyInstance;
  beforeEach(() => (posted = jest.spyOn(Worker.prototype, 'postMessage')));
  afterEach(() => posted.mockRestore());

  it('are sent once, then named as held, and open as the caller’s thread opens', async () => {
    const { pilots, table } = pilotsWithKeys(5);
    const thread = new OpeningThread();
    const opener = boxOpener(new DataKeys(ring), table, { thread });
    const here = boxOpener(new DataKeys(ring), table, { thread: null });
    for (let round = 0; round < 3; round++) {
      const values = batchOf(pilots, MESSAGES_FOR_THREAD);
      const there = await decodeEventMessages(values, opener);
      expect(there.every((d) => d.ok)).toBe(true);
      expect(there).toEqual(await decodeEventMessages(values, here));
    }
    const [first, ...later] = sentKeys(posted);
    expect(first).toHaveLength(5);
    expect(first!.every((key) => key instanceof KeyObject)).toBe(true);
    expect(later).toEqual([Array(5).fill(HELD), Array(5).fill(HELD)]);
    expect(thread.keysHeld).toBe(5);
    await thread.close();
  });

  it('are never used once the caller gives a key as destroyed: its payloads read as erased', async () => {
    const { pilots, table, destroy } = pilotsWithKeys(3);
    const keys = new DataKeys(ring);
    const thread = new OpeningThread();
    const opener = boxOpener(keys, table, { thread });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    expect((await decodeEventMessages(values, opener)).every((d) => d.ok)).toBe(true);
    // As an erasure does: the key row deleted, and this process's memory of the pilot's keys dropped.
    destroy(pilots[1]!);
    keys.forgetSubject(pilots[1]!.id);
    const after = await decodeEventMessages(values, opener);
    after.forEach((d, i) => {
      if (i % 3 === 1) expect(d).toMatchObject({ ok: false, erased: true });
      else expect(d.ok).toBe(true);
    });
    expect(sentKeys(posted)[1]).toEqual([HELD, null, HELD]);
    expect(thread.keysHeld).toBe(2);
    await thread.close();
  });

  it('are forgotten by the thread after their time, and sent again', async () => {
    let now = 0;
    const { pilots, table } = pilotsWithKeys(2);
    const thread = new OpeningThread({ heldKeys: { heldMs: 1000, now: () => now } });
    const opener = boxOpener(new DataKeys(ring), table, { thread });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    await decodeEventMessages(values, opener);
    now = 1000;
    expect((await decodeEventMessages(values, opener)).every((d) => d.ok)).toBe(true);
    const [, second] = posted.mock.calls.map(([request]) => request as { keys: unknown[]; forget: string[] });
    expect(second!.forget.sort()).toEqual(pilots.map((p) => p.keyId).sort());
    expect(second!.keys.every((key) => key instanceof KeyObject)).toBe(true);
    await thread.close();
  });

  it('start afresh with a new thread: every key is sent again', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const thread = new OpeningThread();
    const opener = boxOpener(new DataKeys(ring), table, { thread });
    const values = batchOf(pilots, MESSAGES_FOR_THREAD);
    await decodeEventMessages(values, opener);
    await thread.close();
    expect((await decodeEventMessages(values, opener)).every((d) => d.ok)).toBe(true);
    const [, again] = sentKeys(posted);
    expect(again!.every((key) => key instanceof KeyObject)).toBe(true);
    await thread.close();
  });
});
