import { renewingWhile } from './renewing-while';

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: Error) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('renewing a lease while work runs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('renews each time a renewal falls due before the work ends, then answers what the work did', async () => {
    const work = deferred<string>();
    let renewals = 0;
    const result = renewingWhile(
      work.promise,
      () => 100,
      () => Promise.resolve((renewals += 1)),
    );
    await jest.advanceTimersByTimeAsync(350);
    expect(renewals).toBe(3);
    work.resolve('found');
    await expect(result).resolves.toBe('found');
    await jest.advanceTimersByTimeAsync(1000);
    expect(renewals).toBe(3);
  });

  it('stops renewing once no lease is held or a renewal fails, and still waits for the work', async () => {
    const work = deferred<string>();
    let renewals = 0;
    const result = renewingWhile(
      work.promise,
      () => (renewals < 2 ? 100 : undefined),
      () => Promise.resolve((renewals += 1)),
    );
    await jest.advanceTimersByTimeAsync(1000);
    expect(renewals).toBe(2);

    const failing = deferred<string>();
    let attempts = 0;
    const failed = renewingWhile(
      failing.promise,
      () => 100,
      () => Promise.reject(new Error(`renewal ${(attempts += 1)} failed`)),
    );
    await jest.advanceTimersByTimeAsync(1000);
    expect(attempts).toBe(1);
    work.resolve('done');
    failing.reject(new Error('topic unreadable'));
    await expect(result).resolves.toBe('done');
    await expect(failed).rejects.toThrow('topic unreadable');
  });
});
