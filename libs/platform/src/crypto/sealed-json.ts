import { type Queryable } from '../database/queryable';
import { keyObjectOf, open, seal } from './aes-gcm';
import { type DataKey, type DataKeys } from './data-keys';
import { OpeningThread, type OpenRequest } from './opening-thread';

/** A JSON value sealed with a data key: which key, and the nonce, ciphertext and tag in base64. */
export interface SealedBox {
  alg: 'A256GCM';
  key_id: string;
  data: string;
}

export function sealJson(value: unknown, key: DataKey, aad: string): SealedBox {
  return {
    alg: 'A256GCM',
    key_id: key.keyId,
    data: seal(key.key, Buffer.from(JSON.stringify(value), 'utf8'), aad).toString('base64'),
  };
}

export function isSealedBox(value: unknown): value is SealedBox {
  const box = value as Partial<SealedBox> | null;
  return (
    typeof box === 'object' &&
    box !== null &&
    box.alg === 'A256GCM' &&
    typeof box.key_id === 'string' &&
    typeof box.data === 'string'
  );
}

/** What opens boxes for a reader: keys loaded a batch at a time, then each box opened in memory. */
export interface BoxOpener {
  /** Loads the keys of these boxes that memory does not hold. */
  load(keyIds: Iterable<string>): Promise<void>;
  /**
   * Each box's value, in order: null where its key was destroyed, an Error where it was not sealed with
   * that key and data (or its key was not loaded). Many boxes are opened off this thread.
   */
  openMany(requests: readonly { box: SealedBox; aad: string }[]): Promise<unknown[]>;
}

/**
 * From this many boxes on, openMany hands them to the opening thread: for fewer (a live projector's
 * usual batch, a pilot's short stream), asking the thread costs more than it saves.
 */
export const BOXES_FOR_THREAD = 64;

let sharedThread: OpeningThread | undefined;

/** The process's one opening thread, made on first use. */
export function sharedOpeningThread(): OpeningThread {
  sharedThread ??= new OpeningThread();
  return sharedThread;
}

/**
 * Opens boxes with the keys of `keys`, reading missing ones through `runner`. `thread`: where openMany
 * opens many boxes at once (null: on the caller's thread, always).
 */
export function boxOpener(
  keys: DataKeys,
  runner: Queryable,
  options: { thread?: OpeningThread | null } = {},
): BoxOpener {
  const notLoaded = (box: SealedBox): Error => new Error(`data key ${box.key_id} was not loaded`);
  const openHere = (requests: readonly { box: SealedBox; aad: string }[]): unknown[] =>
    requests.map(({ box, aad }) => {
      const key = keys.loaded(box.key_id);
      if (key === undefined) return notLoaded(box);
      if (key === null) return null;
      try {
        return JSON.parse(open(key, Buffer.from(box.data, 'base64'), aad).toString('utf8')) as unknown;
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    });
  const thread = options.thread === undefined ? sharedOpeningThread() : options.thread;
  return {
    load: (keyIds) => keys.load(runner, keyIds),
    openMany: async (requests) => {
      if (thread === null || requests.length < BOXES_FOR_THREAD) return openHere(requests);
      // Boxes whose key is gone (null) or was never loaded (an Error) are answered here; the rest go.
      const answers: unknown[] = new Array(requests.length);
      const sent: OpenRequest[] = [];
      const sentAt: number[] = [];
      requests.forEach(({ box, aad }, i) => {
        const key = keys.loaded(box.key_id);
        if (key === undefined) answers[i] = notLoaded(box);
        else if (key === null) answers[i] = null;
        else {
          sent.push({ key: keyObjectOf(key), data: box.data, aad });
          sentAt.push(i);
        }
      });
      let opened: unknown[];
      try {
        opened = await thread.openJson(sent);
      } catch {
        // The thread stopped, or a value is not JSON: these are opened here, each with its own answer.
        opened = openHere(sentAt.map((i) => requests[i]!));
      }
      sentAt.forEach((at, j) => (answers[at] = opened[j]));
      return answers;
    },
  };
}
