import { RelaySleep } from './relay-sleep';

/** Whether `promise` has settled once pending callbacks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await jest.advanceTimersByTimeAsync(0);
  return done;
}

describe('RelaySleep', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lasts its time without a wake-up', async () => {
    const sleep = new RelaySleep().sleep(250);
    await jest.advanceTimersByTimeAsync(249);
    expect(await settled(sleep)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settled(sleep)).toBe(true);
  });

  it('ends on a wake-up, and a wake-up while awake ends the next sleep until it is taken', async () => {
    const sleeper = new RelaySleep();
    const first = sleeper.sleep(1000);
    sleeper.wake();
    expect(await settled(first)).toBe(true);
    // Not taken yet: the next sleep returns at once.
    expect(await settled(sleeper.sleep(1000))).toBe(true);
    sleeper.taken();
    expect(await settled(sleeper.sleep(1000))).toBe(false);
  });

  it('ignoring wake-ups, ends only on its time or on stop', async () => {
    const sleeper = new RelaySleep();
    const standby = sleeper.sleep(1000, true);
    sleeper.wake();
    expect(await settled(standby)).toBe(false);
    sleeper.stop();
    expect(await settled(standby)).toBe(true);
  });

  it('once stopped, every sleep returns at once until it resumes', async () => {
    const sleeper = new RelaySleep();
    sleeper.stop();
    expect(sleeper.stopping).toBe(true);
    expect(await settled(sleeper.sleep(1000, true))).toBe(true);
    sleeper.resume();
    expect(sleeper.stopping).toBe(false);
    expect(await settled(sleeper.sleep(1000, true))).toBe(false);
  });
});
