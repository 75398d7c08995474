import { SpacedSignal } from './spaced-signal';

describe('SpacedSignal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A send that takes `ms` to answer (or fails), counting its starts. */
  function sender(ms: number, fail = false): { send: () => Promise<void>; starts: number[] } {
    const starts: number[] = [];
    const send = (): Promise<void> => {
      starts.push(performance.now());
      return new Promise((resolve, reject) =>
        setTimeout(() => (fail ? reject(new Error('refused')) : resolve()), ms),
      );
    };
    return { send, starts };
  }

  it('sends the first request at once', () => {
    const { send, starts } = sender(1);
    new SpacedSignal(send, 10).request();
    expect(starts).toHaveLength(1);
  });

  it('folds the requests within the interval into one more send, when the interval is over', async () => {
    const { send, starts } = sender(1);
    const signal = new SpacedSignal(send, 10);
    const t0 = performance.now();
    signal.request();
    for (let i = 0; i < 5; i++) {
      await jest.advanceTimersByTimeAsync(1);
      signal.request();
    }
    expect(starts).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(10);
    expect(starts.map((t) => t - t0)).toEqual([0, 10]);
    await jest.advanceTimersByTimeAsync(50);
    expect(starts).toHaveLength(2);
  });

  it('sends at once again after a quiet interval', async () => {
    const { send, starts } = sender(1);
    const signal = new SpacedSignal(send, 10);
    signal.request();
    await jest.advanceTimersByTimeAsync(30);
    const t1 = performance.now();
    signal.request();
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBe(t1);
  });

  it('waits for a send slower than the interval before the next one', async () => {
    const { send, starts } = sender(25);
    const signal = new SpacedSignal(send, 10);
    const t0 = performance.now();
    signal.request();
    await jest.advanceTimersByTimeAsync(12);
    signal.request();
    await jest.advanceTimersByTimeAsync(12);
    expect(starts).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2);
    expect(starts.map((t) => t - t0)).toEqual([0, 25]);
  });

  it('goes on after a failed send', async () => {
    const { send, starts } = sender(1, true);
    const signal = new SpacedSignal(send, 10);
    signal.request();
    signal.request();
    await jest.advanceTimersByTimeAsync(10);
    expect(starts).toHaveLength(2);
  });
});
