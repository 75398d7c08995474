import { ReadTally } from './read-tally';

const at = (iso: string): number => Date.parse(iso);

describe('ReadTally', () => {
  it('counts reads per pilot_id and UTC day, with the time of the last', () => {
    const tally = new ReadTally();
    tally.count('a', at('2026-11-25T23:59:59.000Z'));
    tally.count('a', at('2026-11-25T10:00:00.000Z'));
    tally.count('b', at('2026-11-25T12:00:00.000Z'));
    tally.count('a', at('2026-11-26T00:00:00.000Z'));
    tally.count('a', at('2026-11-26T00:00:01.500Z'));
    expect(tally.take()).toEqual(
      expect.arrayContaining([
        { connectionId: 'a', day: '2026-11-25', reads: 2, lastAt: at('2026-11-25T23:59:59.000Z') },
        { connectionId: 'b', day: '2026-11-25', reads: 1, lastAt: at('2026-11-25T12:00:00.000Z') },
        { connectionId: 'a', day: '2026-11-26', reads: 2, lastAt: at('2026-11-26T00:00:01.500Z') },
      ]),
    );
  });

  it('forgets what it gave; a read of an earlier day after a later one still goes to its own day', () => {
    const tally = new ReadTally();
    tally.count('a', at('2026-11-26T08:00:00.000Z'));
    expect(tally.take()).toHaveLength(1);
    expect(tally.empty).toBe(true);
    expect(tally.take()).toEqual([]);
    tally.count('a', at('2026-11-26T08:00:00.000Z'));
    tally.count('a', at('2026-11-25T23:00:00.000Z'));
    tally.count('a', at('2026-11-26T09:00:00.000Z'));
    expect(tally.take().map(({ day, reads }) => ({ day, reads }))).toEqual(
      expect.arrayContaining([
        { day: '2026-11-26', reads: 2 },
        { day: '2026-11-25', reads: 1 },
      ]),
    );
  });

  it('adds counts given back (a failed write) to those counted since', () => {
    const tally = new ReadTally();
    tally.count('a', at('2026-11-26T08:00:00.000Z'));
    const taken = tally.take();
    tally.count('a', at('2026-11-26T07:00:00.000Z'));
    tally.restore(taken);
    expect(tally.take()).toEqual([
      { connectionId: 'a', day: '2026-11-26', reads: 2, lastAt: at('2026-11-26T08:00:00.000Z') },
    ]);
  });
});
