import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { type KeysOwner, ThreadHeldKeys } from './thread-held-keys';

const newKey = () => createSecretKey(randomBytes(32));

/** An owner whose forgetting the test drives. */
function owner(): KeysOwner & { forget(subject: string): void } {
  const listeners: ((subject: string) => void)[] = [];
  return {
    onForgotten: (listener) => listeners.push(listener),
    forget: (subject) => listeners.forEach((l) => l(subject)),
  };
}

describe('ThreadHeldKeys', () => {
  it('gives no keys unless asked to, and names each owner apart', () => {
    const held = new ThreadHeldKeys({ now: () => 5 });
    const [a, b] = [owner(), owner()];
    expect(held.request(a)).toEqual({ source: 0, now: 5, forget: [], given: null });
    expect(held.request(b).source).toBe(1);
    expect(held.request(a).source).toBe(0);
  });

  it('gives keys to hold until heldMs after, or sooner when the owner keeps them for less', () => {
    let now = 1000;
    const held = new ThreadHeldKeys({ heldMs: 60_000, now: () => now });
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [keyA, keyB] = [newKey(), newKey()];
    expect(
      held.request(
        owner(),
        [a, b, c, d],
        [
          { key: keyA, subject: 'pilot-a', keptForMs: 300_000 },
          { key: keyB, subject: 'pilot-b', keptForMs: 500 },
          { key: null },
          { key: undefined },
        ],
      ).given,
    ).toEqual({
      keyIds: [a, b, c, d],
      keys: [keyA, keyB, null, undefined],
      subjects: ['pilot-a', 'pilot-b', '', ''],
      until: [61_000, 1500, 1000, 1000],
    });
    now = 2000;
    expect(
      held.request(owner(), [a], [{ key: keyA, subject: 'pilot-a', keptForMs: Infinity }]).given!.until,
    ).toEqual([62_000]);
  });

  it('tells the thread, with the next request, each subject an owner forgot once the thread holds keys', () => {
    const held = new ThreadHeldKeys();
    const [a, b] = [owner(), owner()];
    // Before any request, no thread holds anything: nothing to tell.
    a.forget('before');
    expect(held.request(a).forget).toEqual([]);
    held.request(b);
    a.forget('pilot-1');
    b.forget('pilot-2');
    a.forget('pilot-3');
    expect(held.request(b).forget).toEqual([
      [0, 'pilot-1'],
      [1, 'pilot-2'],
      [0, 'pilot-3'],
    ]);
    expect(held.request(a).forget).toEqual([]);
  });

  it('tells again what a request not sent would have told, first', () => {
    const held = new ThreadHeldKeys();
    const a = owner();
    held.request(a);
    a.forget('pilot-1');
    const unsent = held.request(a);
    a.forget('pilot-2');
    held.forgetAgain(unsent.forget);
    expect(held.request(a).forget).toEqual([
      [0, 'pilot-1'],
      [0, 'pilot-2'],
    ]);
  });

  it('forgets nothing for a new thread, which holds nothing', () => {
    const held = new ThreadHeldKeys();
    const a = owner();
    held.request(a);
    a.forget('pilot-1');
    held.clear();
    a.forget('pilot-2');
    expect(held.request(a).forget).toEqual([]);
    a.forget('pilot-3');
    expect(held.request(a).forget).toEqual([[0, 'pilot-3']]);
  });
});
