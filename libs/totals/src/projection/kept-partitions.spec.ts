import { KeptPartitions } from './kept-partitions';

describe('KeptPartitions', () => {
  it('seeks the partitions a join kept to where they were stored, and forgets the others', () => {
    const kept = new KeptPartitions();
    expect(kept.joined([0, 1, 2])).toEqual([]);
    const generation = kept.generation;
    for (const [p, o] of [
      [0, '10'],
      [1, '20'],
      [2, '30'],
    ] as const)
      kept.batchStored(p, o, generation);
    expect(kept.joined([1, 2, 3])).toEqual([
      [1, '20'],
      [2, '30'],
    ]);
    expect(kept.joined([3])).toEqual([]);
  });

  it('tells a batch that ran across a join whether its partition is still held, and to seek it then', () => {
    const kept = new KeptPartitions();
    kept.joined([0, 1]);
    kept.batchStored(0, '5', kept.generation);
    kept.batchStored(1, '7', kept.generation);
    const before = kept.generation;
    kept.joined([0]);
    expect(kept.batchStored(0, '9', before)).toEqual({ held: true, seek: true });
    expect(kept.batchStored(1, '8', before)).toEqual({ held: false, seek: false });
    expect(kept.batchStored(0, '12', kept.generation)).toEqual({ held: true, seek: false });
    expect(kept.joined([0])).toEqual([[0, '12']]);
  });
});
