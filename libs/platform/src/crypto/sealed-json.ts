import { type Queryable } from '../database/queryable';
import { open, seal } from './aes-gcm';
import { type DataKey, type DataKeys } from './data-keys';

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
  /** The value; null when its key was destroyed. Throws when the box was not sealed with that key and data. */
  open(box: SealedBox, aad: string): unknown;
}

/** Opens boxes with the keys of `keys`, reading missing ones through `runner`. */
export function boxOpener(keys: DataKeys, runner: Queryable): BoxOpener {
  return {
    load: (keyIds) => keys.load(runner, keyIds),
    open: (box, aad) => {
      const key = keys.loaded(box.key_id);
      if (key === undefined) throw new Error(`data key ${box.key_id} was not loaded`);
      if (key === null) return null;
      return JSON.parse(open(key, Buffer.from(box.data, 'base64'), aad).toString('utf8')) as unknown;
    },
  };
}
