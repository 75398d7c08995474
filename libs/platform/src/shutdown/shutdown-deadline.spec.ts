import { ShutdownDeadline, shutdownWorkMs } from './shutdown-deadline';

const never = new Promise<void>(() => undefined);
const after = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('ShutdownDeadline', () => {
  it('leaves the work of closing SHUTDOWN_TIMEOUT_MS less a reserve of 2 s at most', () => {
    expect([shutdownWorkMs(10_000), shutdownWorkMs(30_000), shutdownWorkMs(1000)]).toEqual([
      8000, 28_000, 800,
    ]);
  });

  it('waits for work that settles, a rejection included', async () => {
    const deadline = new ShutdownDeadline();
    deadline.begin(1000);
    expect(await deadline.within('quick work', after(5))).toBe(true);
    expect(await deadline.within('failing work', Promise.reject(new Error('gone')))).toBe(true);
  });

  it('gives up work at its cap, and any work at the deadline', async () => {
    const deadline = new ShutdownDeadline();
    deadline.begin(150);
    const started = performance.now();
    expect(await deadline.within('a consumer leaving', never, 30)).toBe(false);
    expect(performance.now() - started).toBeLessThan(140);
    expect(await deadline.within('a batch', never)).toBe(false);
    expect(deadline.remainingMs()).toBe(0);
    expect(await deadline.within('anything after', never, 10_000)).toBe(false);
  });

  it('has no deadline before it begins, and keeps the first once begun', () => {
    const deadline = new ShutdownDeadline();
    expect([deadline.begun, deadline.remainingMs()]).toEqual([false, Infinity]);
    deadline.begin(1000);
    deadline.begin(60_000);
    expect(deadline.begun).toBe(true);
    expect(deadline.remainingMs()).toBeLessThanOrEqual(1000);
  });

  it('has every speaker still registered say what is given up, once, when closing is abandoned', () => {
    const deadline = new ShutdownDeadline();
    const said: string[] = [];
    deadline.atDeadline(() => said.push('reads not written'));
    const forget = deadline.atDeadline(() => said.push('written since'));
    deadline.atDeadline(() => {
      throw new Error('a report that fails does not silence the others');
    });
    deadline.atDeadline(() => said.push('batch abandoned'));
    forget();
    deadline.abandon();
    deadline.abandon();
    expect(said).toEqual(['reads not written', 'batch abandoned']);
  });
});
