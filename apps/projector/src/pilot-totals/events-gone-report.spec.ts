import { TopicIncompleteError } from '@pft/totals';
import { EventsGoneReport } from './events-gone-report';

const gone = (version: number, ...partitions: [number, number, number][]): TopicIncompleteError =>
  new TopicIncompleteError(
    'pilot-events',
    version,
    partitions.map(([partition, low, next]) => ({ partition, low, next })),
  );

describe('what the projector says of events gone from its topic', () => {
  it('tells once, naming the partitions, then again only when they change, and when they are gone no more', () => {
    const report = new EventsGoneReport();
    expect(report.observe(undefined)).toBeUndefined();

    const first = report.observe(gone(3, [1, 40, 7]));
    expect(first?.level).toBe('error');
    expect(first?.message).toContain(
      'the topic pilot-events no longer holds events version 3 has to fold (partition 1 begins at offset 40, version 3 reads on from 7)',
    );
    expect(first?.message).toContain(
      'Version 3 cannot be complete, and no rebuild from this topic can be either',
    );
    expect(report.current?.partitions).toEqual([{ partition: 1, low: 40, next: 7 }]);

    // The retention deleting more of the same partition is the same state, not a line a second.
    expect(report.observe(gone(3, [1, 55, 7]))).toBeUndefined();
    expect(report.observe(gone(3, [1, 55, 7], [4, 10, 2]))?.message).toContain(
      'partition 4 begins at offset 10',
    );

    expect(report.observe(undefined)).toEqual({
      level: 'log',
      message: 'the topic pilot-events holds every event version 3 has to fold again',
    });
    expect(report.current).toBeUndefined();
    expect(report.observe(undefined)).toBeUndefined();
  });
});
