/**
 * How long work over many items runs before it lets the event loop turn: the process's other requests
 * wait at most about this long behind it (a 50,000-flight import's commit held the loop 1 to 2.6 s
 * when its events were sealed, its flights compared and its statements written in one go).
 */
export const TURN_MS = 10;

/** How many items are done between looks at the clock, unless told otherwise. */
const ITEMS_PER_LOOK = 16;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `each` run on every item in order, the event loop let turn every TURN_MS of work: for many items,
 * CPU work that would hold every other request of the process (sealing, comparing, writing JSON) is
 * cut into turns of its own.
 */
export async function forEachInTurns<T>(
  items: readonly T[],
  each: (item: T, index: number) => void,
  turnMs = TURN_MS,
  itemsPerLook = ITEMS_PER_LOOK,
): Promise<void> {
  let turnStarted = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (i % itemsPerLook === 0 && i > 0 && performance.now() - turnStarted >= turnMs) {
      await nextTurn();
      turnStarted = performance.now();
    }
    each(items[i]!, i);
  }
}

/** `map` of every item, in turns as forEachInTurns. */
export async function mapInTurns<T, R>(
  items: readonly T[],
  map: (item: T, index: number) => R,
  turnMs = TURN_MS,
): Promise<R[]> {
  const mapped = new Array<R>(items.length);
  await forEachInTurns(items, (item, i) => (mapped[i] = map(item, i)), turnMs);
  return mapped;
}
