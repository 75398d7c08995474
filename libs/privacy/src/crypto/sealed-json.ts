import { type Queryable } from '@pft/platform/database/queryable';
import { keyObjectOf, open, seal } from './aes-gcm';
import { type DataKey, type DataKeys } from './data-keys';
import { type OpenedMessage, OpeningThread, OpeningThreadStopped } from './opening-thread';

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
   * that key and data (or its key was not loaded).
   */
  openMany(requests: readonly { box: SealedBox; aad: string }[]): Promise<unknown[]>;
  /**
   * A batch of whole messages parsed and opened on the opening thread (see OpeningThread.openMessages);
   * undefined when the caller's thread should decode them (fewer than MESSAGES_FOR_THREAD, none sealed,
   * no thread, or the thread stopped).
   */
  openMessages(values: readonly (Buffer | string | null)[]): Promise<OpenedMessage[] | undefined>;
}

/**
 * From this many messages on, openMessages hands a batch to the opening thread: for fewer (a live
 * projector's usual batch, a pilot's short stream), asking the thread costs more than it saves.
 */
export const MESSAGES_FOR_THREAD = 64;

/** How a sealed payload shows in a message's text. */
const SEALED_MARK = Buffer.from('"sealed":');

/**
 * Whether a batch is worth the opening thread: one of every 16 messages is looked at, not every one,
 * enough to find a batch of the pilots' logbook events, all sealed. A
 * batch it passes over still decodes whole, on the caller's thread.
 */
function looksSealed(values: readonly (Buffer | string | null)[]): boolean {
  for (let i = 0; i < values.length; i += 16) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (typeof v === 'string' ? v.includes('"sealed":') : v.includes(SEALED_MARK)) return true;
  }
  return false;
}

let sharedThread: OpeningThread | undefined;

/** The process's one opening thread, made on first use. */
export function sharedOpeningThread(): OpeningThread {
  sharedThread ??= new OpeningThread();
  return sharedThread;
}

/**
 * Opens boxes with the keys of `keys`, reading missing ones through `runner`. `thread`: where
 * openMessages opens a batch (null: none; the caller decodes every batch itself).
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
        // Its message alone, as the opening thread gives it (node:crypto's errors may come from another realm).
        return new Error(String((err as Error | undefined)?.message ?? err));
      }
    });
  const thread = options.thread === undefined ? sharedOpeningThread() : options.thread;
  return {
    load: (keyIds) => keys.load(runner, keyIds),
    openMessages: async (values) => {
      if (thread === null || values.length < MESSAGES_FOR_THREAD || !looksSealed(values)) return undefined;
      try {
        return await thread.openMessages(values, keys, async (keyIds) => {
          await keys.load(runner, keyIds);
          return keyIds.map((id) => {
            const entry = keys.loadedEntry(id);
            return entry ? { ...entry, key: keyObjectOf(entry.key) } : { key: entry };
          });
        });
      } catch (err) {
        // The thread stopped: the caller decodes the batch itself. Anything else (the keys' statement
        // failed) is the caller's to know.
        if (err instanceof OpeningThreadStopped) return undefined;
        throw err;
      }
    },
    openMany: (requests) => Promise.resolve(openHere(requests)),
  };
}
