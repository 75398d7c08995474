import { type KeyObject } from 'node:crypto';

/**
 * A data key as the caller gives it to the opening thread: the key, its subject and how much longer the
 * caller's memory keeps it; or null where it was destroyed, undefined where it is not known.
 */
export type GivenKey = { key: KeyObject; subject: string; keptForMs: number } | { key: null | undefined };

/** Whose keys the thread holds: one owner's apart from another's, each dropping a subject's when told. */
export interface KeysOwner {
  onForgotten(listener: (subject: string) => void): void;
}

export interface ThreadHeldKeysOptions {
  /** Keys the thread holds at most for one owner (default 10,000, as DataKeys). */
  max?: number;
  /**
   * How long after it was given a key is held at most (default a minute); never longer than its owner
   * may use it before reading its row again (DataKeys: DATA_KEY_CONFIRM_MS).
   */
  heldMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** What a request tells the thread of keys: whose batch it is, the time, subjects to drop, and keys given with it. */
export interface KeysRequest {
  source: number;
  now: number;
  /** Each owner's subjects to drop, before the batch is read. */
  forget: [number, string][];
  given: {
    keyIds: string[];
    keys: (KeyObject | null | undefined)[];
    subjects: string[];
    until: number[];
  } | null;
}

/**
 * What the caller tells the opening thread of the data keys it holds. A key crosses to the thread as a
 * copy of its KeyObject, which costs the thread time to take in, and finding which keys a batch names
 * costs the caller's thread a search of every message; so the thread holds the keys it was given and
 * finds them itself, asking for the ones it does not hold (openMessages gives them with the messages
 * that need them). The thread holds one owner's keys (a DataKeys) apart from another's, and applies
 * what it is told in the order it was sent (the port keeps it):
 * - a key given is held by its id until its `until`: `heldMs` after it was given, or sooner when the
 *   caller may use it for less (DataKeys reads a key's row again every DATA_KEY_CONFIRM_MS), so the
 *   thread never opens with a key its owner would have read again, and a key destroyed in another
 *   process is used here no longer than its owner would;
 * - a key given as destroyed is held as such (ids are never reused); one given as unknown is not held;
 * - a subject its owner forgets (an erasure, a key found destroyed) is dropped before the next batch;
 * - beyond `max` keys for an owner, the oldest given are dropped.
 */
export class ThreadHeldKeys {
  readonly max: number;
  private readonly heldMs: number;
  private readonly now: () => number;
  private readonly sources = new WeakMap<KeysOwner, number>();
  private nextSource = 0;
  private forgetting: [number, string][] = [];
  /** Whether a thread holds anything: subjects forgotten matter only then. */
  private holding = false;

  constructor(options: ThreadHeldKeysOptions = {}) {
    this.max = options.max ?? 10_000;
    this.heldMs = options.heldMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** What the next request of `owner`'s tells the thread, with `keys` given for `keyIds`, if any. */
  request(owner: KeysOwner, keyIds: readonly string[] = [], keys: readonly GivenKey[] = []): KeysRequest {
    const now = this.now();
    const forget = this.forgetting;
    this.forgetting = [];
    this.holding = true;
    return {
      source: this.sourceOf(owner),
      now,
      forget,
      given:
        keyIds.length === 0
          ? null
          : {
              keyIds: [...keyIds],
              keys: keys.map((k) => k.key),
              subjects: keys.map((k) => (k.key ? k.subject : '')),
              until: keys.map((k) => (k.key ? now + Math.min(this.heldMs, k.keptForMs) : now)),
            },
    };
  }

  /** Subjects a request that was not sent would have told the thread to drop: they go with the next one. */
  forgetAgain(forget: KeysRequest['forget']): void {
    this.forgetting = [...forget, ...this.forgetting];
  }

  /** The thread holds nothing (a new one is started). */
  clear(): void {
    this.forgetting = [];
    this.holding = false;
  }

  private sourceOf(owner: KeysOwner): number {
    let source = this.sources.get(owner);
    if (source === undefined) {
      const id = (source = this.nextSource++);
      this.sources.set(owner, id);
      owner.onForgotten((subject) => {
        if (this.holding) this.forgetting.push([id, subject]);
      });
    }
    return source;
  }
}
