import { foldConcurrency } from './pilot-totals.consumer-options';

describe('foldConcurrency', () => {
  it('leaves two of the pool’s connections free, and applies at most 8 partitions at once and at least 1', () => {
    expect(foldConcurrency(20)).toBe(8);
    expect(foldConcurrency(10)).toBe(8);
    expect(foldConcurrency(5)).toBe(3);
    expect(foldConcurrency(3)).toBe(1);
    expect(foldConcurrency(1)).toBe(1);
  });
});
