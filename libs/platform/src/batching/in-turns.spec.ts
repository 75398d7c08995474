import { forEachInTurns, mapInTurns } from './in-turns';

/** Whether a callback set for the next turn (setImmediate) had run when each item was done. */
async function turnedBefore(items: number, turnMs: number, itemsPerLook?: number): Promise<boolean[]> {
  let turned = false;
  setImmediate(() => (turned = true));
  const seen: boolean[] = [];
  await forEachInTurns(Array.from({ length: items }), () => seen.push(turned), turnMs, itemsPerLook);
  return seen;
}

describe('work in turns of the event loop', () => {
  it('lets the event loop turn once a turn has taken its time, items in order', async () => {
    // No time at all per turn: the loop turns at the first look at the clock, after 16 items.
    const seen = await turnedBefore(100, 0);
    expect(seen.slice(0, 16)).toEqual(new Array(16).fill(false));
    expect(seen.at(-1)).toBe(true);
  });

  it('looks at the clock after as many items as told (one, for items that are long to do)', async () => {
    expect(await turnedBefore(3, 0, 1)).toEqual([false, true, true]);
  });

  it('runs as one turn while the work takes less than a turn', async () => {
    expect(await turnedBefore(100, 3_600_000)).toEqual(new Array(100).fill(false));
  });

  it('maps every item in order, whatever the turns', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    expect(await mapInTurns(items, (n, i) => n * 2 + i, 0)).toEqual(items.map((n, i) => n * 2 + i));
    expect(await mapInTurns([], () => 1, 0)).toEqual([]);
  });
});
