import { ParkedPartitions } from './parked-partitions';

const fetched = (
  stored: string,
  fetchedFrom: string,
  more: { sameJoin?: boolean; readNothing?: boolean } = {},
) => ({
  stored,
  fetchedFrom,
  lastOffset: String(Number(fetchedFrom) + 9),
  highWatermark: '500',
  readNothing: more.readNothing ?? true,
  sameJoin: more.sameJoin ?? true,
});

describe('ParkedPartitions', () => {
  it('seeks a fetch that began past the stored offset back to it once, and parks it at its end when it does again', () => {
    const parked = new ParkedPartitions();
    parked.joined([0, 1]);
    expect(parked.afterBatch(1, fetched('40', '100'))).toEqual({ seek: '40', parked: false });
    expect(parked.isParked(1)).toBe(false);
    expect(parked.afterBatch(1, fetched('40', '100'))).toEqual({ seek: '500', parked: true });
    expect(parked.isParked(1)).toBe(true);
    expect(parked.isParked(0)).toBe(false);
  });

  it('does not park a partition that read on from its stored offset after the seek back (a commit ahead of the database)', () => {
    const parked = new ParkedPartitions();
    parked.joined([0]);
    expect(parked.afterBatch(0, fetched('40', '100'))).toEqual({ seek: '40', parked: false });
    expect(parked.afterBatch(0, fetched('40', '40', { readNothing: false }))).toEqual({ parked: false });
    expect(parked.afterBatch(0, fetched('60', '100'))).toEqual({ seek: '60', parked: false });
    expect(parked.isParked(0)).toBe(false);
  });

  it('seeks a fetch wholly older than the stored offset forward, and leaves a batch of an earlier join to its seeks', () => {
    const parked = new ParkedPartitions();
    parked.joined([0]);
    expect(parked.afterBatch(0, fetched('40', '10'))).toEqual({ seek: '40', parked: false });
    expect(parked.afterBatch(0, fetched('40', '100', { sameJoin: false }))).toEqual({ parked: false });
    expect(parked.afterBatch(0, fetched('40', '100', { sameJoin: false }))).toEqual({ parked: false });
  });

  it('parks the held partitions a refresh finds with a gap, and resumes them from their stored offset once it is gone', () => {
    const parked = new ParkedPartitions();
    parked.joined([0, 1]);
    const generation = parked.generation;
    const partitions = [
      { partition: 0, low: 0, high: 50, next: 50 },
      { partition: 1, low: 30, high: 90, next: 20 },
      { partition: 2, low: 30, high: 90, next: 20 },
    ];
    expect(parked.refreshed(generation, partitions)).toEqual({ park: [[1, '90']], resume: [] });
    expect(parked.refreshed(generation, partitions)).toEqual({ park: [], resume: [] });
    // A batch of it that was running meanwhile leaves it at its end.
    expect(parked.afterBatch(1, fetched('20', '30'))).toEqual({ parked: false });
    partitions[1] = { partition: 1, low: 30, high: 95, next: 30 };
    expect(parked.refreshed(generation, partitions)).toEqual({ park: [], resume: [[1, '30']] });
    expect(parked.isParked(1)).toBe(false);
  });

  it('forgets what it parked at a join or a crash, and a refresh begun before a join changes nothing', () => {
    const parked = new ParkedPartitions();
    parked.joined([0]);
    parked.afterBatch(0, fetched('40', '100'));
    parked.afterBatch(0, fetched('40', '100'));
    expect(parked.isParked(0)).toBe(true);
    parked.clear();
    expect(parked.isParked(0)).toBe(false);
    const before = parked.generation;
    parked.joined([0]);
    expect(parked.refreshed(before, [{ partition: 0, low: 30, high: 90, next: 20 }])).toEqual({
      park: [],
      resume: [],
    });
  });

  it('parks a batch that read nothing below an end before its stored offset, rather than seek past the end again', () => {
    const parked = new ParkedPartitions();
    parked.joined([0]);
    expect(parked.afterBatch(0, { ...fetched('800', '0'), highWatermark: '20' })).toEqual({
      seek: '20',
      parked: true,
    });
    expect(parked.isParked(0)).toBe(true);
  });

  it('keeps an offset found past the end parked through joins, crashes and the topic growing past it, until it changes', () => {
    const parked = new ParkedPartitions();
    parked.joined([0, 1]);
    parked.foundPastEnd(1, '30');
    expect(parked.isParked(1)).toBe(true);
    parked.joined([0, 1]);
    parked.clear();
    expect(parked.isParked(1)).toBe(true);
    expect(parked.afterBatch(1, fetched('30', '40', { readNothing: false }))).toEqual({ parked: false });
    // The topic has grown past the offset: still no position in it.
    const grown = [{ partition: 1, low: 0, high: 90, next: 30 }];
    expect(parked.refreshed(parked.generation, grown)).toEqual({ park: [[1, '90']], resume: [] });
    expect(parked.refreshed(parked.generation, grown)).toEqual({ park: [], resume: [] });
    expect(parked.pastEndOffsets).toEqual(new Map([[1, '30']]));
    // The offset changed (a version rebuilt, an operator): read again from it.
    const moved = [{ partition: 1, low: 0, high: 90, next: 0 }];
    expect(parked.refreshed(parked.generation, moved)).toEqual({ park: [], resume: [[1, '0']] });
    expect(parked.isParked(1)).toBe(false);
  });

  it('remembers an offset a refresh finds past the end, for a partition this member does not hold yet', () => {
    const parked = new ParkedPartitions();
    parked.joined([0]);
    const found = [{ partition: 3, low: 0, high: 5, next: 50, pastEnd: true }];
    expect(parked.refreshed(parked.generation, found)).toEqual({ park: [], resume: [] });
    parked.joined([0, 3]);
    expect(parked.isParked(3)).toBe(true);
  });
});
