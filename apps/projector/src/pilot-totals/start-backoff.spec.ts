import { StartBackoff } from './start-backoff';

describe('the wait before starting the consumer again', () => {
  it('doubles from one second after each failure, up to ten, and waits that long', () => {
    let now = 0;
    const backoff = new StartBackoff(() => now);
    expect(backoff.waiting()).toBe(false);
    expect([1, 2, 3, 4, 5, 6].map(() => backoff.failed())).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
    expect(backoff.attempts).toBe(6);
    now += 9999;
    expect(backoff.waiting()).toBe(true);
    now += 1;
    expect(backoff.waiting()).toBe(false);
  });

  it('stops doubling at the longest wait it is given', () => {
    let now = 0;
    const backoff = new StartBackoff(() => now, 2000);
    expect([1, 2, 3, 4].map(() => backoff.failed())).toEqual([1000, 2000, 2000, 2000]);
    now += 1999;
    expect(backoff.waiting()).toBe(true);
    now += 1;
    expect(backoff.waiting()).toBe(false);
  });

  it('starts from nothing again after a success', () => {
    let now = 0;
    const backoff = new StartBackoff(() => now);
    backoff.failed();
    backoff.failed();
    backoff.succeeded();
    expect(backoff.waiting()).toBe(false);
    expect(backoff.attempts).toBe(0);
    expect(backoff.failed()).toBe(1000);
    now += 500;
    expect(backoff.waiting()).toBe(true);
  });
});
