import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { HELD, ThreadHeldKeys } from './thread-held-keys';

const newKey = () => createSecretKey(randomBytes(32));

describe('ThreadHeldKeys', () => {
  it('sends a key once, then names it HELD while it is the same KeyObject', () => {
    const held = new ThreadHeldKeys();
    const [a, b] = [randomUUID(), randomUUID()];
    const [keyA, keyB] = [newKey(), newKey()];
    expect(held.send([a, b], [keyA, keyB])).toEqual({ keys: [keyA, keyB], forget: [] });
    expect(held.send([b, a], [keyB, keyA])).toEqual({ keys: [HELD, HELD], forget: [] });
    // The caller's key for the id changed (read again from the database): sent again.
    const keyA2 = newKey();
    expect(held.send([a], [keyA2])).toEqual({ keys: [keyA2], forget: [] });
    expect(held.send([a], [keyA2]).keys).toEqual([HELD]);
    expect(held.size).toBe(2);
  });

  it('drops a key the caller gives as destroyed or unknown, and sends it again when it is back', () => {
    const held = new ThreadHeldKeys();
    const [a, b] = [randomUUID(), randomUUID()];
    const [keyA, keyB] = [newKey(), newKey()];
    held.send([a, b], [keyA, keyB]);
    expect(held.send([a, b], [null, undefined])).toEqual({ keys: [null, undefined], forget: [] });
    expect(held.size).toBe(0);
    expect(held.send([a], [keyA]).keys).toEqual([keyA]);
  });

  it('forgets keys sent longer ago than heldMs, before the batch, and sends them again when named', () => {
    let now = 0;
    const held = new ThreadHeldKeys({ heldMs: 1000, now: () => now });
    const [a, b] = [randomUUID(), randomUUID()];
    const [keyA, keyB] = [newKey(), newKey()];
    held.send([a], [keyA]);
    now = 600;
    held.send([b], [keyB]);
    now = 1000;
    // a was sent 1,000 ms ago (a HELD does not make it younger); b 400 ms ago.
    expect(held.send([b], [keyB])).toEqual({ keys: [HELD], forget: [a] });
    now = 1600;
    expect(held.send([a], [keyA])).toEqual({ keys: [keyA], forget: [b] });
    expect(held.size).toBe(1);
  });

  it('holds at most `max` keys beyond the batch being sent, the oldest forgotten first', () => {
    const held = new ThreadHeldKeys({ max: 2 });
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const keys = ids.map(newKey);
    held.send(ids.slice(0, 3), keys.slice(0, 3));
    expect(held.size).toBe(3);
    // Down to `max` before this batch's keys are read: the oldest goes, and is sent again, being named.
    expect(held.send([ids[0]!, ids[3]!], [keys[0]!, keys[3]!])).toEqual({
      keys: [keys[0], keys[3]],
      forget: [ids[0]],
    });
    expect(held.size).toBe(4);
    expect(held.send([], [])).toEqual({ keys: [], forget: [ids[1], ids[2]] });
    expect(held.size).toBe(2);
  });

  it('holds nothing after clear: every key is sent again', () => {
    const held = new ThreadHeldKeys();
    const a = randomUUID();
    const key = newKey();
    held.send([a], [key]);
    held.clear();
    expect(held.send([a], [key])).toEqual({ keys: [key], forget: [] });
  });
});
