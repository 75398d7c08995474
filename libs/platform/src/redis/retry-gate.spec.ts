import { RetryGate } from './retry-gate';

describe('RetryGate', () => {
  let clock = 0;
  const gate = () => new RetryGate(1000, () => clock);
  beforeEach(() => (clock = 0));

  it('lets every caller through while nothing has failed', () => {
    const g = gate();
    expect([g.tryNow(), g.tryNow()]).toEqual([true, true]);
  });

  it('after a failure holds callers back for the interval, then lets one through', () => {
    const g = gate();
    expect(g.failed()).toBe(true);
    clock = 999;
    expect(g.tryNow()).toBe(false);
    clock = 1000;
    expect([g.tryNow(), g.tryNow()]).toEqual([true, false]);
  });

  it('starts the interval again when the retry fails, and opens for all once one succeeds', () => {
    const g = gate();
    g.failed();
    clock = 1000;
    expect(g.tryNow()).toBe(true);
    clock = 1500;
    expect(g.failed()).toBe(false);
    clock = 2400;
    expect(g.tryNow()).toBe(false);
    clock = 2500;
    expect(g.tryNow()).toBe(true);
    expect(g.succeeded()).toBe(true);
    expect([g.tryNow(), g.tryNow(), g.succeeded()]).toEqual([true, true, false]);
  });
});
