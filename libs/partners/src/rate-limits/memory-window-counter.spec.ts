import { MemoryWindowCounter } from './memory-window-counter';

describe('MemoryWindowCounter', () => {
  it('counts per subject within a window and starts again in the next', () => {
    const counter = new MemoryWindowCounter();
    expect([1, 2, 3].map(() => counter.hit('key:a', 100))).toEqual([1, 2, 3]);
    expect(counter.hit('key:b', 100)).toBe(1);
    expect(counter.hit('key:a', 101)).toBe(1);
    expect(counter.hit('key:b', 101)).toBe(1);
  });

  it('never starts the latest window again for a late hit of an earlier one', () => {
    const counter = new MemoryWindowCounter();
    expect([1, 2, 3].map(() => counter.hit('key:a', 101))).toEqual([1, 2, 3]);
    // A hit whose window was taken before the minute turned, counted after.
    expect(counter.hit('key:a', 100)).toBe(4);
    expect(counter.hit('key:a', 101)).toBe(5);
  });
});
