import { waitWithCountdown } from './countdown';

describe('waitWithCountdown', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('says how long is left every interval, and nothing after the wait', async () => {
    const said: string[] = [];
    let done = false;
    const waiting = waitWithCountdown(35_000, (line) => said.push(line), 10_000).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(said).toEqual(['still waiting, 25 s left', 'still waiting, 15 s left', 'still waiting, 5 s left']);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(5_000);
    await waiting;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(said).toHaveLength(3);
  });
});
