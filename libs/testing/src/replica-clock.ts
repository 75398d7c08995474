/** Every timer of Node's that jest can fake but `Date`: they stay real on a replica's clock. */
const ALL_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Runs `work` with this process's `Date` `offsetMs` from the real clock (negative: behind), as on an
 * app replica whose clock is not the database's; every timer stays real. `Date` is real again after.
 */
export async function onReplicaClock<T>(offsetMs: number, work: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: [...ALL_BUT_DATE], now: Date.now() + offsetMs });
  try {
    return await work();
  } finally {
    jest.useRealTimers();
  }
}
