import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { decodeEventMessages, encodeEventMessage } from '@pft/contracts';
import { keyObjectOf } from './aes-gcm';
import { DataKeys } from './data-keys';
import { OpeningThread } from './opening-thread';
import { mixedBatch } from './opening-thread.test-support';
import {
  pilotsWithKeys,
  sealedEventHead as head,
  sealedFlight as flight,
  sealedMessage,
  testMasterKeys as ring,
} from '@pft/testing';
import { RELAY_LAYOUT_SOURCE } from './relay-layout.source';
import { boxOpener, MESSAGES_FOR_THREAD } from './sealed-json';

/** The thread's reader of the relay's layout (relay-layout.source.ts), evaluated as the thread does. */
const relayLayout = runInNewContext(`${RELAY_LAYOUT_SOURCE}\nrelayLayout`) as (
  bytes: Uint8Array,
  start: number,
  end: number,
) => unknown;

describe('decoding a batch on the opening thread', () => {
  const thread = new OpeningThread();
  afterAll(() => thread.close());

  it('decodes as the caller’s thread does, every way of failing included, in order', async () => {
    const { pilots, table, destroy } = pilotsWithKeys(7);
    destroy(pilots[2]!);
    const values = mixedBatch(pilots, 4 * MESSAGES_FOR_THREAD);
    // Most are read there by position, the rest parsed: both ways are held to the caller's.
    const byPosition = values.filter((v) => {
      const bytes = v === null ? null : Buffer.from(v);
      return bytes !== null && relayLayout(bytes, 0, bytes.length) !== null;
    });
    expect(byPosition.length).toBeGreaterThan(2 * MESSAGES_FOR_THREAD);
    const asked = jest.spyOn(thread, 'openMessages');
    const readByPosition = thread.readByPosition;
    const there = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread }));
    const here = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread: null }));
    // Every sound one in that layout was opened so, never parsed there.
    expect(thread.readByPosition - readByPosition).toBe(
      here.filter((d, i) => d.ok && byPosition.includes(values[i]!)).length,
    );
    // Once for the batch, once more for the messages whose keys the new thread did not hold (a key id
    // written with an escaped character among them), with those keys: every pilot's, one destroyed,
    // and those nobody holds, unknown.
    expect(asked).toHaveBeenCalledTimes(2);
    const [again, , , given] = asked.mock.calls[1]!;
    expect(given!.keyIds).toEqual(expect.arrayContaining(pilots.map((p) => p.keyId)));
    expect(given!.keys.filter((k) => k.key === null).length).toBeGreaterThan(0);
    expect(again).toEqual(
      expect.arrayContaining(values.filter((v) => v?.toString().includes('"key_id": "\\u00'))),
    );
    await expect(asked.mock.results[0]!.value).resolves.toHaveLength(values.length);
    expect(there).toEqual(here);
    const reasons = new Set(here.flatMap((d) => (d.ok ? [] : [d.reason])));
    expect(
      [...reasons].some((r) => /does not open: Unsupported state or unable to authenticate/.test(r)),
    ).toBe(true);
    expect(reasons).toContain('payload pilot_account_id differs from the message key');
    expect(reasons).toContain('the data key of the payload is destroyed');
    expect(reasons).toContain('empty message');
    expect(reasons).toContain('message is not valid JSON');
    expect(here.filter((d) => d.ok).length).toBeGreaterThan(2 * MESSAGES_FOR_THREAD);
    const first = here[0]!;
    expect(first.ok && first.message.payload).toEqual({ pilot_account_id: pilots[0]!.id, flight });
    // Each message read says which key it opened with (the destroyed keys' check reads it), its
    // pilot's, or that it was in the clear.
    const keyOfPilot = new Map(pilots.map((p) => [p.id, p.keyId]));
    const opened = here.flatMap((d) => (d.ok ? [d] : []));
    expect(opened.filter((d) => d.sealedWith === null).length).toBeGreaterThan(0);
    for (const d of opened)
      if (d.sealedWith !== null) expect(d.sealedWith).toBe(keyOfPilot.get(d.message.pilot_account_id));
    expect(opened.filter((d) => typeof d.sealedWith === 'string').length).toBeGreaterThan(
      MESSAGES_FOR_THREAD,
    );
  });

  it('decodes as the caller’s thread does when it opens with node:crypto', async () => {
    const withNodeCrypto = new OpeningThread({ native: false });
    const { pilots, table, destroy } = pilotsWithKeys(7);
    destroy(pilots[2]!);
    const values = mixedBatch(pilots, 4 * MESSAGES_FOR_THREAD);
    const asked = jest.spyOn(withNodeCrypto, 'openMessages');
    const there = await decodeEventMessages(
      values,
      boxOpener(new DataKeys(ring), table, { thread: withNodeCrypto }),
    );
    const here = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread: null }));
    await withNodeCrypto.close();
    expect(asked).toHaveBeenCalled();
    expect(there).toEqual(here);
    expect(here.filter((d) => d.ok).length).toBeGreaterThan(2 * MESSAGES_FOR_THREAD);
  });

  it('never reads a plaintext of more than one JSON value as a sound message', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const values = mixedBatch(pilots, MESSAGES_FOR_THREAD);
    const injected = randomUUID();
    values[1] = sealedMessage(pilots[0]!, `{"pilot_account_id":"${pilots[0]!.id}"},"event_id":"${injected}"`);
    const there = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread }));
    const here = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread: null }));
    expect(here[1]!.ok).toBe(false);
    expect(there[1]!.ok).toBe(false);
    expect(there.filter((_, i) => i !== 1)).toEqual(here.filter((_, i) => i !== 1));
  });

  it('answers in full when the opened messages are longer than the batch was', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const sound = sealedMessage(pilots[0]!);
    // Bytes that are not UTF-8 read as U+FFFD, three bytes each when the thread writes the message
    // again; the escape in its metadata has the thread parse it, not read it by position.
    const notUtf8 = 400_000;
    const long = Buffer.concat([
      sound.subarray(0, sound.lastIndexOf(',"metadata":')),
      Buffer.from(',"metadata":{"note":"\\n'),
      Buffer.alloc(notUtf8, 0xff),
      Buffer.from('"}}'),
    ]);
    const values = [long, ...mixedBatch(pilots, MESSAGES_FOR_THREAD)];
    const size = values.reduce((sum, v) => sum + (v === null ? 0 : Buffer.byteLength(v)), 0);
    const keys = new DataKeys(ring);
    const keysFor = async (ids: string[]) => {
      await keys.load(table, ids);
      return ids.map((id) => {
        const entry = keys.loadedEntry(id);
        return entry ? { ...entry, key: keyObjectOf(entry.key) } : { key: entry };
      });
    };
    const ownThread = new OpeningThread();
    const [opened] = await ownThread.openMessages(values, keys, keysFor);
    expect(Buffer.byteLength(opened!.text!)).toBeGreaterThan(Math.max(size, 1024 * 1024));
    expect(JSON.parse(opened!.text!)).toMatchObject({
      payload: { pilot_account_id: pilots[0]!.id, flight },
      metadata: { note: `\n${'\uFFFD'.repeat(notUtf8)}` },
    });
    const there = await decodeEventMessages(
      values,
      boxOpener(new DataKeys(ring), table, { thread: ownThread }),
    );
    const here = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread: null }));
    expect(there).toEqual(here);
    await ownThread.close();
  });

  it('reads a key id that names no key, or is not ASCII, as the caller’s thread does, asking once', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const renamed = (keyId: string) =>
      Buffer.from(sealedMessage(pilots[0]!).toString().replace(pilots[0]!.keyId, keyId));
    const odd = [renamed('not-a-key'), renamed('clé-é'), renamed(`${randomUUID().slice(0, 35)}é`)];
    expect(odd.every((v) => relayLayout(v, 0, v.length) !== null)).toBe(true);
    const values = [
      ...odd,
      ...Array.from({ length: MESSAGES_FOR_THREAD }, (_, i) => sealedMessage(pilots[i % 2]!)),
    ];
    const ownThread = new OpeningThread();
    const asked = jest.spyOn(ownThread, 'openMessages');
    const there = await decodeEventMessages(
      values,
      boxOpener(new DataKeys(ring), table, { thread: ownThread }),
    );
    const here = await decodeEventMessages(values, boxOpener(new DataKeys(ring), table, { thread: null }));
    expect(there).toEqual(here);
    expect(there.slice(0, odd.length).map((d) => !d.ok && 'erased' in d)).toEqual(odd.map(() => true));
    expect(asked.mock.calls.length).toBeLessThanOrEqual(3);
    await ownThread.close();
  });

  it('leaves a short batch, and one with nothing sealed, to the caller’s thread', async () => {
    const { pilots, table } = pilotsWithKeys(2);
    const unused = new OpeningThread();
    const asked = jest.spyOn(unused, 'openMessages');
    const opener = boxOpener(new DataKeys(ring), table, { thread: unused });
    const short = await decodeEventMessages(mixedBatch(pilots, MESSAGES_FOR_THREAD - 1), opener);
    const plain = Array.from({ length: 2 * MESSAGES_FOR_THREAD }, () =>
      encodeEventMessage({
        ...head(pilots[0]!.id),
        payload: { pilot_account_id: pilots[0]!.id, flight },
      }),
    );
    const clear = await decodeEventMessages(plain, opener);
    expect(asked).not.toHaveBeenCalled();
    expect(short[0]).toMatchObject({ ok: true });
    expect(clear.every((d) => d.ok)).toBe(true);
  });
});
