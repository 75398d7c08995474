import { startProgress, type ProgressStream } from './progress-reporter';

/** A stream that keeps what is written, as stderr would show it. */
function stream(isTTY: boolean): ProgressStream & { written: string[] } {
  const written: string[] = [];
  return {
    isTTY,
    written,
    write: (chunk) => {
      written.push(chunk);
      return true;
    },
  };
}

describe('progress without a terminal (CI log, nohup)', () => {
  let clock: number;
  beforeEach(() => {
    jest.useFakeTimers();
    clock = Date.parse('2026-11-25T03:40:00.000Z');
  });
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number): void => {
    clock += ms;
    jest.advanceTimersByTime(ms);
  };

  it('prints a line at once, one every interval while the work runs, and one at the end', () => {
    const out = stream(false);
    const progress = startProgress({ stream: out, intervalMs: 5000, now: () => clock });
    progress.update('pilot_totals version 2', { done: 0, total: 1000, lag: 1000 });
    expect(out.written).toEqual([
      '2026-11-25T03:40:00.000Z pilot_totals version 2: 0/1000 events (0%), 0 events/s, ETA unknown, lag 1000\n',
    ]);

    // Updates between intervals print nothing of their own.
    advance(1000);
    progress.update('pilot_totals version 2', { done: 100, total: 1000, lag: 900 });
    advance(4000);
    expect(out.written).toHaveLength(2);
    expect(out.written[1]).toBe(
      '2026-11-25T03:40:05.000Z pilot_totals version 2: 100/1000 events (10%), 20 events/s, ETA 45s, lag 900\n',
    );

    // A stalled rebuild keeps printing where it stands.
    advance(10_000);
    expect(out.written).toHaveLength(4);
    expect(out.written[3]).toMatch(/^2026-11-25T03:40:15\.000Z .*: 100\/1000 events \(10%\), 7 events\/s/);

    advance(1000);
    progress.update('pilot_totals version 2', { done: 1000, total: 1000, lag: 0 });
    progress.stop();
    expect(out.written).toHaveLength(5);
    expect(out.written[4]).toBe(
      '2026-11-25T03:40:16.000Z pilot_totals version 2: 1000/1000 events (100%), 63 events/s, ETA 0s, lag 0\n',
    );

    // Stopped, it prints no more.
    advance(60_000);
    expect(out.written).toHaveLength(5);
  });

  it('prints a warning as a line of its own among the progress lines', () => {
    const out = stream(false);
    const progress = startProgress({ stream: out, intervalMs: 1000, now: () => clock });
    progress.update('x', { done: 1, total: 2, lag: 1 });
    progress.print('thread 2: consumer stopped: broker away; restarting');
    progress.stop();
    expect(out.written).toEqual([
      expect.stringMatching(/ x: 1\/2 events/),
      'thread 2: consumer stopped: broker away; restarting\n',
    ]);
  });

  it('prints nothing before the work reports, and no repeated last line at the end', () => {
    const out = stream(false);
    const progress = startProgress({ stream: out, intervalMs: 1000, now: () => clock });
    advance(3000);
    expect(out.written).toEqual([]);
    progress.update('x', { done: 1, total: 1, lag: 0 });
    progress.stop();
    expect(out.written).toHaveLength(1);
  });
});

describe('progress in a terminal', () => {
  const terminal = () =>
    Object.assign(stream(true), {
      columns: 120,
      cursorTo: () => true,
      clearLine: () => true,
      clearScreenDown: () => true,
      moveCursor: () => true,
    });

  it('draws a bar in place rather than lines', () => {
    const out = terminal();
    const progress = startProgress({ stream: out, intervalMs: 1000 });
    progress.update('pilot_totals version 2', { done: 10, total: 40, lag: 30 });
    progress.stop();
    const drawn = out.written.join('');
    expect(drawn).toContain('pilot_totals version 2 [');
    expect(drawn).toContain('25% | 10/40 events');
    expect(drawn).not.toMatch(/^\d{4}-\d\d-\d\dT/m);
  });

  it('prints a warning above the bar and draws the bar again below it', () => {
    const out = terminal();
    const progress = startProgress({ stream: out, intervalMs: 1000 });
    progress.update('pilot_totals version 2', { done: 10, total: 40, lag: 30 });
    out.written.length = 0;
    progress.print('thread 2: consumer stopped: broker away; restarting');
    const drawn = out.written.join('');
    // The line comes first, ended, then the bar on the line below it.
    const line = drawn.indexOf('thread 2: consumer stopped: broker away; restarting\n');
    expect(line).toBeGreaterThanOrEqual(0);
    expect(drawn.indexOf('25% | 10/40 events', line)).toBeGreaterThan(line);
    progress.stop();
  });

  it('prints a warning as a plain line before the bar is drawn', () => {
    const out = terminal();
    const progress = startProgress({ stream: out, intervalMs: 1000 });
    progress.print('Kafka is slow to answer');
    expect(out.written).toEqual(['Kafka is slow to answer\n']);
    progress.stop();
  });
});
