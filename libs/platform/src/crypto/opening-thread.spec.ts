import { randomUUID } from 'node:crypto';
import { keyObjectOf, newDataKey, seal } from './aes-gcm';
import { DataKeys } from './data-keys';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing } from './master-keys';
import { OpeningThread } from './opening-thread';
import { BOXES_FOR_THREAD, boxOpener, sealJson, type SealedBox } from './sealed-json';

const ring = MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY, []);

/** Pilots' keys as `data_keys` holds them, and the rows answering DataKeys.load. */
function keyTable(pilots: number) {
  const keys = Array.from({ length: pilots }, () => ({ keyId: randomUUID(), key: newDataKey() }));
  const rows = keys.map(({ keyId, key }) => {
    const subject = randomUUID();
    const { wrapped, masterKeyId } = ring.wrap(key, keyId, subject);
    return { key_id: keyId, subject_id: subject, wrapped_key: wrapped, master_key_id: masterKeyId };
  });
  return { keys, table: { query: () => Promise.resolve(rows) } };
}

type Request = { box: SealedBox; aad: string };

/** Boxes of every kind an opener meets: sound ones, and each way one can fail to open. */
function mixedRequests(keys: { keyId: string; key: Buffer }[], count: number) {
  const requests: Request[] = [];
  for (let i = 0; i < count; i++) {
    const key = keys[i % keys.length]!;
    const aad = `pft-event:${randomUUID()}:FlightRecorded:1`;
    const value = { n: i, remarks: `Übungsflug ${i}, "quoted", \\ and\nnew line ✈` };
    const box = sealJson(value, key, aad);
    if (i % 17 === 5) {
      // One bit of the ciphertext changed.
      const bytes = Buffer.from(box.data, 'base64');
      bytes[14] = bytes[14]! ^ 1;
      requests.push({ box: { ...box, data: bytes.toString('base64') }, aad });
    } else if (i % 17 === 9) requests.push({ box, aad: `${aad}-moved` });
    else if (i % 17 === 11)
      requests.push({ box: { ...box, key_id: keys[(i + 1) % keys.length]!.keyId }, aad });
    else if (i % 17 === 13) requests.push({ box: { ...box, data: 'AAAA' }, aad });
    else requests.push({ box, aad });
  }
  return requests;
}

/** What a reader sees of each answer: the value, null (key gone) or that it failed. */
const shapeOf = (answers: unknown[]) => answers.map((a) => (a instanceof Error ? 'does not open' : a));

describe('opening many sealed values on the opening thread', () => {
  const thread = new OpeningThread();
  afterAll(() => thread.close());

  it('answers as opening each one here does, failures included, in order', async () => {
    const { keys, table } = keyTable(7);
    const dataKeys = new DataKeys(ring);
    const requests = mixedRequests(keys, 3 * BOXES_FOR_THREAD);
    await dataKeys.load(
      table,
      requests.map((r) => r.box.key_id),
    );
    const here = await boxOpener(dataKeys, table, { thread: null }).openMany(requests);
    const there = await boxOpener(dataKeys, table, { thread }).openMany(requests);
    expect(shapeOf(there)).toEqual(shapeOf(here));
    expect(here.filter((a) => a instanceof Error).length).toBeGreaterThan(0);
    expect(there.filter((a) => !(a instanceof Error)).length).toBeGreaterThan(2 * BOXES_FOR_THREAD);
    expect(there[0]).toEqual({ n: 0, remarks: 'Übungsflug 0, "quoted", \\ and\nnew line ✈' });
  });

  it('answers null for a key since destroyed and an Error for one never loaded, without asking the thread for them', async () => {
    const { keys, table } = keyTable(3);
    const dataKeys = new DataKeys(ring);
    const requests = mixedRequests(keys, BOXES_FOR_THREAD).map((r, i) =>
      i === 3 ? { ...r, box: { ...r.box, key_id: randomUUID() } } : r,
    );
    await dataKeys.load(
      table,
      [...requests.map((r) => r.box.key_id)].filter((_, i) => i !== 3),
    );
    dataKeys.forgetSubject((await table.query()).find((row) => row.key_id === keys[1]!.keyId)!.subject_id);
    const answers = await boxOpener(dataKeys, table, { thread }).openMany(requests);
    expect(answers[1]).toBeNull();
    expect(answers[4]).toBeNull();
    expect(answers[3]).toBeInstanceOf(Error);
    expect((answers[3] as Error).message).toMatch(/was not loaded/);
    expect(answers[0]).toMatchObject({ n: 0 });
  });

  it('opens them here when the thread stops with them, and when one is not JSON', async () => {
    const { keys, table } = keyTable(2);
    const dataKeys = new DataKeys(ring);
    const requests = mixedRequests(keys, BOXES_FOR_THREAD);
    const aad = 'pft-event:not-json';
    requests[2] = {
      aad,
      box: {
        alg: 'A256GCM',
        key_id: keys[0]!.keyId,
        data: seal(keys[0]!.key, Buffer.from('{"a":'), aad).toString('base64'),
      },
    };
    await dataKeys.load(
      table,
      requests.map((r) => r.box.key_id),
    );
    const expected = shapeOf(await boxOpener(dataKeys, table, { thread: null }).openMany(requests));
    expect(expected[2]).toBe('does not open');

    const ownThread = new OpeningThread();
    const opener = boxOpener(dataKeys, table, { thread: ownThread });
    expect(shapeOf(await opener.openMany(requests))).toEqual(expected);
    const pending = opener.openMany(requests);
    await ownThread.close();
    expect(shapeOf(await pending)).toEqual(expected);
    // A thread that stopped is started again on the next request.
    const fine = requests.filter((_, i) => i !== 2);
    expect(shapeOf(await ownThread.openJson([]))).toEqual([]);
    expect((await opener.openMany(fine)).filter((a) => a instanceof Error).length).toBe(
      expected.filter((a, i) => i !== 2 && a === 'does not open').length,
    );
    await ownThread.close();
  });

  it('never takes a plaintext of two JSON values for two answers', async () => {
    const { keys, table } = keyTable(1);
    const dataKeys = new DataKeys(ring);
    const requests = mixedRequests(keys, BOXES_FOR_THREAD);
    const aad = 'pft-event:two-values';
    const data = seal(keys[0]!.key, Buffer.from('{"n":3},{"n":4}'), aad).toString('base64');
    requests[3] = { aad, box: { alg: 'A256GCM', key_id: keys[0]!.keyId, data } };
    await dataKeys.load(table, [keys[0]!.keyId]);
    const here = shapeOf(await boxOpener(dataKeys, table, { thread: null }).openMany(requests));
    const there = shapeOf(await boxOpener(dataKeys, table, { thread }).openMany(requests));
    expect(there).toEqual(here);
    expect(there[3]).toBe('does not open');
    expect(there[4]).toEqual({ n: 4, remarks: expect.stringContaining('Übungsflug 4') });
  });

  it('refuses only what the stopped thread had: a request made after it goes to the next thread', async () => {
    const { keys } = keyTable(1);
    const key = keyObjectOf(keys[0]!.key);
    const requests = Array.from({ length: 200 }, (_, i) => {
      const aad = `aad-${i}`;
      return { key, aad, data: sealJson({ n: i }, keys[0]!, aad).data };
    });
    const ownThread = new OpeningThread();
    const first = ownThread.openJson(requests);
    const stopped = ownThread.close();
    const second = ownThread.openJson(requests);
    await expect(first).rejects.toThrow(/stopped/);
    await stopped;
    expect(await second).toEqual(requests.map((_, n) => ({ n })));
    await ownThread.close();
  });

  it('leaves fewer boxes than BOXES_FOR_THREAD to the caller’s thread', async () => {
    const { keys, table } = keyTable(1);
    const dataKeys = new DataKeys(ring);
    const requests = mixedRequests(keys, BOXES_FOR_THREAD - 1);
    await dataKeys.load(table, [keys[0]!.keyId]);
    const unused = new OpeningThread();
    const asked = jest.spyOn(unused, 'openJson');
    const answers = await boxOpener(dataKeys, table, { thread: unused }).openMany(requests);
    expect(asked).not.toHaveBeenCalled();
    expect(answers[0]).toMatchObject({ n: 0 });
  });
});
