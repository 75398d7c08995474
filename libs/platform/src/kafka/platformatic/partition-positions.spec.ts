import { PartitionPositions } from './partition-positions';

describe('PartitionPositions', () => {
  it('drops a record handed out already, as a fetch after a rejoin brings it again', () => {
    const positions = new PartitionPositions();
    expect([5n, 6n, 7n].map((o) => positions.take('t:0', o).take)).toEqual([true, true, true]);
    expect([5n, 6n, 7n, 8n].map((o) => positions.take('t:0', o).take)).toEqual([false, false, false, true]);
    expect([...positions.positions()]).toEqual([['t:0', 9n]]);
  });

  it('lets a seek lead until a record at it arrives, asking for a fetch from it meanwhile', () => {
    const positions = new PartitionPositions();
    positions.take('t:1', 20n);
    positions.seek('t:1', 10n);
    expect(positions.take('t:1', 21n)).toEqual({ take: false, fetchFrom: 10n });
    expect(positions.take('t:1', 10n)).toEqual({ take: true });
    expect(positions.take('t:1', 11n)).toEqual({ take: true });
    expect(positions.seeks('t:1')).toBe(1);
  });

  it('reads on from where the stream moved a partition whose offset is gone, a seek reached there', () => {
    const positions = new PartitionPositions();
    positions.seek('t:0', 2n);
    positions.outOfRange('t:0', 6n);
    positions.outOfRange('t:9', 6n);
    expect([...positions.soughtOffsets()]).toEqual([['t:0', 6n]]);
    expect([...positions.positions()]).toEqual([['t:0', 6n]]);
    expect(positions.take('t:0', 6n)).toEqual({ take: true });
    expect(positions.take('t:0', 7n)).toEqual({ take: true });
    expect(positions.seeks('t:0')).toBe(1);
  });

  it('forgets the partitions a join gave to others, and after a crash keeps only what was sought', () => {
    const positions = new PartitionPositions();
    positions.take('t:0', 3n);
    positions.take('t:1', 4n);
    positions.seek('t:2', 7n);
    positions.keepOnly(new Set(['t:1', 't:2']));
    expect([...positions.positions()]).toEqual([
      ['t:1', 5n],
      ['t:2', 7n],
    ]);
    positions.forgetPositions();
    expect([...positions.positions()]).toEqual([['t:2', 7n]]);
    expect([...positions.soughtOffsets()]).toEqual([['t:2', 7n]]);
    expect(positions.take('t:1', 0n)).toEqual({ take: true });
  });
});
