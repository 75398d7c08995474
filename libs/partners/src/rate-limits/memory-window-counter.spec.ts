import { MemoryWindowCounter } from './memory-window-counter';

describe('MemoryWindowCounter', () => {
  it('counts per subject within a window and starts again in the next', () => {
    const counter = new MemoryWindowCounter();
    expect([1, 2, 3].map(() => counter.hit('key:a', 100))).toEqual([1, 2, 3]);
    expect(counter.hit('key:b', 100)).toBe(1);
    expect(counter.hit('key:a', 101)).toBe(1);
    expect(counter.hit('key:b', 101)).toBe(1);
  });
});
