import { forEachInTurns, TURN_MS } from '../batching/in-turns';

/** The version byte that Postgres's binary input of a jsonb value starts with, before the JSON text. */
const JSONB_BINARY_VERSION = 1;

/** Items whose JSON text is encoded to bytes at once. */
const ITEMS_PER_PART = 256;

/**
 * The JSON array of `map` of each item, as a parameter of a statement that casts it to jsonb (`$n::jsonb`):
 * Postgres's binary jsonb input (a version byte, then the text), written in turns of the event loop
 * (forEachInTurns). The text is JSON.stringify's of the array (an item it leaves out, `null` as there).
 * For many items (an import's 50,000 events or flights, tens of MB): sent as a string, the client
 * encoded the whole text to UTF-8 in one go, holding the process's other requests 60 to 70 ms.
 */
export async function jsonbArrayParameter<T>(
  items: readonly T[],
  map: (item: T) => unknown = (item) => item,
  turnMs = TURN_MS,
): Promise<Buffer> {
  const parts: Buffer[] = [Buffer.from([JSONB_BINARY_VERSION]), Buffer.from('[')];
  let pending: string[] = [];
  const encode = () => {
    const text = pending.join(',');
    parts.push(Buffer.from(parts.length > 2 ? `,${text}` : text));
    pending = [];
  };
  await forEachInTurns(
    items,
    (item) => {
      pending.push(JSON.stringify(map(item)) ?? 'null');
      if (pending.length === ITEMS_PER_PART) encode();
    },
    turnMs,
  );
  if (pending.length > 0) encode();
  parts.push(Buffer.from(']'));
  // Copied into one buffer in turns too, the clock looked at after each part: tens of MB copied into
  // fresh memory at once held the loop 100 ms and more on a busy machine (its pages' faults).
  const parameter = Buffer.allocUnsafe(parts.reduce((bytes, part) => bytes + part.length, 0));
  let offset = 0;
  await forEachInTurns(parts, (part) => (offset += part.copy(parameter, offset)), turnMs, 1);
  return parameter;
}
