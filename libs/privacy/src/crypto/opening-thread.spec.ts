import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { decodeEventMessages, encodeEventMessage } from '@pft/contracts';
import { keyObjectOf } from './aes-gcm';
import { DataKeys } from './data-keys';
import { OpeningThread } from './opening-thread';
import {
  pilotsWithKeys,
  sealedEventHead as head,
  sealedFlight as flight,
  sealedMessage,
  type SealingPilot as Pilot,
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

/** The message's text changed: `change` gets it parsed and returns it changed. */
function changed(
  value: Buffer,
  change: (
    message: { payload: { pilot_account_id: string; sealed: Record<string, string> } } & Record<
      string,
      unknown
    >,
  ) => void,
): Buffer {
  const message = JSON.parse(value.toString());
  change(message);
  return Buffer.from(JSON.stringify(message));
}

/**
 * Messages of every kind a reader meets: sound sealed ones, each way one fails to open, and the rest.
 * The last pilot's messages are only those whose key id is written with an escaped character.
 */
function mixedBatch(pilots: Pilot[], count: number): (Buffer | string | null)[] {
  const values: (Buffer | string | null)[] = [];
  const spaced = pilots[pilots.length - 1]!;
  for (let i = 0; i < count; i++) {
    const pilot = pilots[i % (pilots.length - 1)]!;
    const sound = sealedMessage(pilot);
    switch (i % 19) {
      case 3: // one bit of the ciphertext changed
        values.push(
          changed(sound, (m) => {
            const bytes = Buffer.from(m.payload.sealed.data!, 'base64');
            bytes[14] = bytes[14]! ^ 1;
            m.payload.sealed.data = bytes.toString('base64');
          }),
        );
        break;
      case 5: // moved to another event: the associated data differs
        values.push(changed(sound, (m) => (m.event_id = randomUUID())));
        break;
      case 7: // naming another pilot's key
        values.push(
          changed(sound, (m) => (m.payload.sealed.key_id = pilots[(i + 1) % (pilots.length - 1)]!.keyId)),
        );
        break;
      case 9: // too short to be sealed
        values.push(changed(sound, (m) => (m.payload.sealed.data = 'AAAA')));
        break;
      case 11: // the sealed payload under another pilot
        values.push(changed(sound, (m) => (m.payload.pilot_account_id = randomUUID())));
        break;
      case 13: // a key nobody holds
        values.push(changed(sound, (m) => (m.payload.sealed.key_id = randomUUID())));
        break;
      case 15: // in the clear, as stored before sealing existed
        values.push(
          encodeEventMessage({
            ...head(pilot.id),
            payload: { pilot_account_id: pilot.id, flight },
          }),
        );
        break;
      case 16:
        values.push(i % 2 === 0 ? null : '{"not json');
        break;
      case 17: // its key id's first character escaped: read by parsing it, never by position
        values.push(
          sealedMessage(spaced)
            .toString()
            .replace(
              /"key_id": "(.)/,
              (_all, first: string) => `"key_id": "\\u00${first.charCodeAt(0).toString(16)}`,
            ),
        );
        break;
      default:
        values.push(i % 4 === 0 ? sound.toString() : sound);
    }
  }
  return values;
}

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
