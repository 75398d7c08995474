import { OffsetsPastEndError } from '@pft/totals';
import { OffsetsPastEndReport } from './offsets-past-end-report';

const pastEnd = (version: number, ...partitions: [number, number, number][]): OffsetsPastEndError =>
  new OffsetsPastEndError(
    'pilot-events',
    version,
    partitions.map(([partition, high, next]) => ({ partition, high, next })),
  );

describe('what the projector says of offsets stored past the end of its topic', () => {
  it('tells once with its code, naming the partitions, then again only when they change, and when there are none any more', () => {
    const report = new OffsetsPastEndReport();
    expect(report.observe(undefined)).toBeUndefined();

    const first = report.observe(pastEnd(2, [0, 3, 1000]));
    expect(first?.level).toBe('error');
    expect(first?.message).toMatch(/^OFFSET_PAST_TOPIC_END: /);
    expect(first?.message).toContain(
      'version 2 stored offsets past the end of the topic pilot-events (partition 0 ends at offset 3, version 2 reads on from 1000)',
    );
    expect(first?.message).toContain('pft projections rebuild pilot_totals');
    expect(report.current?.code).toBe('OFFSET_PAST_TOPIC_END');

    // The topic growing is the same finding, not a line a second.
    expect(report.observe(pastEnd(2, [0, 9, 1000]))).toBeUndefined();
    expect(report.observe(pastEnd(2, [0, 9, 1000], [5, 0, 40]))?.message).toContain(
      'partition 5 ends at offset 0, version 2 reads on from 40',
    );

    expect(report.observe(undefined)).toEqual({
      level: 'log',
      message: 'no offset of version 2 is past the end of the topic pilot-events any more',
    });
    expect(report.current).toBeUndefined();
  });
});
