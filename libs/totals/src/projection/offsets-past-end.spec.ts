import { isPastEnd, OffsetsPastEndError, seeksOnJoining } from './offsets-past-end';

describe('stored offsets past the end of the topic', () => {
  it('are past the end only beyond it: an offset at the end is a partition read to its end', () => {
    expect(isPastEnd({ high: 10, next: 10 })).toBe(false);
    expect(isPastEnd({ high: 10, next: 11 })).toBe(true);
    expect(isPastEnd({ high: 0, next: 0 })).toBe(false);
  });

  it('send the partitions a join gave with an offset past the end to that end, the others to their offset', async () => {
    const stored = new Map([
      [0, '7'],
      [1, '1000'],
      [2, '0'],
    ]);
    const ends = () =>
      Promise.resolve([
        { partition: 0, high: '9' },
        { partition: 1, high: '3' },
        { partition: 2, high: '0' },
        { partition: 3, high: '4' },
      ]);
    const { offsets, pastEnd, found } = await seeksOnJoining(ends, stored);
    expect(offsets).toEqual(
      new Map([
        [0, '7'],
        [1, '3'],
        [2, '0'],
      ]),
    );
    expect(pastEnd).toEqual([{ partition: 1, high: 3, next: 1000 }]);
    expect(found).toEqual(pastEnd);
  });

  it('send a partition marked past the end earlier to the end, however far the topic has grown since', async () => {
    const stored = new Map([
      [0, '30'],
      [1, '12'],
    ]);
    const ends = () =>
      Promise.resolve([
        { partition: 0, high: '90' },
        { partition: 1, high: '90' },
      ]);
    // Partition 1's mark is of another offset (it moved since): no longer past the end.
    const marked = new Map([
      [0, '30'],
      [1, '5'],
    ]);
    expect(await seeksOnJoining(ends, stored, marked)).toEqual({
      offsets: new Map([
        [0, '90'],
        [1, '12'],
      ]),
      pastEnd: [{ partition: 0, high: 90, next: 30 }],
      found: [],
    });
  });

  it('send every partition to its stored offset when the ends cannot be read', async () => {
    const stored = new Map([[1, '1000']]);
    const { offsets, pastEnd } = await seeksOnJoining(() => Promise.reject(new Error('broker away')), stored);
    expect(offsets).toEqual(stored);
    expect(pastEnd).toEqual([]);
  });

  it('are told with their stable code, the topic, version and each partition', () => {
    const error = new OffsetsPastEndError('pilot-events', 4, [{ partition: 2, high: 10, next: 15 }]);
    expect(error.code).toBe('OFFSET_PAST_TOPIC_END');
    expect(error.message).toMatch(
      /^OFFSET_PAST_TOPIC_END: version 4 stored offsets past the end of the topic pilot-events \(partition 2 ends at offset 10, version 4 reads on from 15\)/,
    );
  });
});
