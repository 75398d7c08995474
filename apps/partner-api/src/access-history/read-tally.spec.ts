import { type ConnectionReads } from '@pft/partners';
import { ReadTally } from './read-tally';

const at = (iso: string): number => Date.parse(iso);

/** An answer as the read path gives it: the same object while it is kept in memory. */
const answer = (pilotId: string) => ({ pilot_id: pilotId });

/** Counts added up per connection and day, as the statement that writes them adds them up. */
function addedUp(counts: readonly ConnectionReads[]): ConnectionReads[] {
  const sums = new Map<string, ConnectionReads>();
  for (const count of counts) {
    const key = `${count.connectionId} ${count.day}`;
    const sum = sums.get(key);
    if (sum)
      sums.set(key, { ...sum, reads: sum.reads + count.reads, lastAt: Math.max(sum.lastAt, count.lastAt) });
    else sums.set(key, count);
  }
  return [...sums.values()];
}

describe('ReadTally', () => {
  it('counts reads per pilot_id and UTC day, with the time of the last', () => {
    const tally = new ReadTally();
    const [a, b] = [answer('a'), answer('b')];
    tally.count(a, at('2026-11-25T23:59:59.000Z'));
    tally.count(a, at('2026-11-25T10:00:00.000Z'));
    tally.count(b, at('2026-11-25T12:00:00.000Z'));
    tally.count(a, at('2026-11-26T00:00:00.000Z'));
    tally.count(a, at('2026-11-26T00:00:01.500Z'));
    expect(tally.take()).toEqual(
      expect.arrayContaining([
        { connectionId: 'a', day: '2026-11-25', reads: 2, lastAt: at('2026-11-25T23:59:59.000Z') },
        { connectionId: 'b', day: '2026-11-25', reads: 1, lastAt: at('2026-11-25T12:00:00.000Z') },
        { connectionId: 'a', day: '2026-11-26', reads: 2, lastAt: at('2026-11-26T00:00:01.500Z') },
      ]),
    );
  });

  it('lists each answer of one pilot_id on its own (an answer replaced when its totals changed): the statement adds them up', () => {
    const tally = new ReadTally();
    const [before, after] = [answer('a'), answer('a')];
    tally.count(before, at('2026-11-26T08:00:00.000Z'));
    tally.count(before, at('2026-11-26T08:00:01.000Z'));
    tally.count(after, at('2026-11-26T08:00:02.000Z'));
    expect(tally.take()).toEqual([
      { connectionId: 'a', day: '2026-11-26', reads: 2, lastAt: at('2026-11-26T08:00:01.000Z') },
      { connectionId: 'a', day: '2026-11-26', reads: 1, lastAt: at('2026-11-26T08:00:02.000Z') },
    ]);
  });

  it('gives at most the counts asked for, given back and earlier days first, then in the order of first reads', () => {
    const tally = new ReadTally();
    const [a, b, c] = [answer('a'), answer('b'), answer('c')];
    tally.count(a, at('2026-11-26T08:00:00.000Z'));
    tally.count(b, at('2026-11-26T08:00:01.000Z'));
    tally.restore([
      { connectionId: 'x', day: '2026-11-25', reads: 4, lastAt: at('2026-11-25T20:00:00.000Z') },
    ]);
    tally.count(c, at('2026-11-26T08:00:02.000Z'));
    expect(tally.size).toBe(4);
    expect(tally.take(2).map(({ connectionId }) => connectionId)).toEqual(['x', 'a']);
    expect(tally.size).toBe(2);
    // Read again while it waits: still counted once, with both reads.
    tally.count(b, at('2026-11-26T08:00:03.000Z'));
    // Taken already: counted anew, after the others.
    tally.count(a, at('2026-11-26T08:00:04.000Z'));
    expect(tally.size).toBe(3);
    expect(tally.take(2)).toEqual([
      { connectionId: 'b', day: '2026-11-26', reads: 2, lastAt: at('2026-11-26T08:00:03.000Z') },
      { connectionId: 'c', day: '2026-11-26', reads: 1, lastAt: at('2026-11-26T08:00:02.000Z') },
    ]);
    expect(tally.take(2)).toEqual([
      { connectionId: 'a', day: '2026-11-26', reads: 1, lastAt: at('2026-11-26T08:00:04.000Z') },
    ]);
    expect(tally.empty).toBe(true);
    expect(tally.take(2)).toEqual([]);
  });

  it('forgets what it gave and counts the same answers again; a read of an earlier day after a later one still goes to its own day', () => {
    const tally = new ReadTally();
    const a = answer('a');
    tally.count(a, at('2026-11-26T08:00:00.000Z'));
    expect(tally.take()).toHaveLength(1);
    expect(tally.empty).toBe(true);
    expect(tally.take()).toEqual([]);
    tally.count(a, at('2026-11-26T08:00:00.000Z'));
    expect(tally.empty).toBe(false);
    tally.count(a, at('2026-11-25T23:00:00.000Z'));
    tally.count(a, at('2026-11-26T09:00:00.000Z'));
    expect(addedUp(tally.take()).map(({ day, reads }) => ({ day, reads }))).toEqual(
      expect.arrayContaining([
        { day: '2026-11-26', reads: 2 },
        { day: '2026-11-25', reads: 1 },
      ]),
    );
    expect(tally.take()).toEqual([]);
  });

  it('adds counts given back (a failed write) to those counted since', () => {
    const tally = new ReadTally();
    const a = answer('a');
    tally.count(a, at('2026-11-26T08:00:00.000Z'));
    const taken = tally.take();
    tally.count(a, at('2026-11-26T07:00:00.000Z'));
    tally.restore(taken);
    expect(addedUp(tally.take())).toEqual([
      { connectionId: 'a', day: '2026-11-26', reads: 2, lastAt: at('2026-11-26T08:00:00.000Z') },
    ]);
  });

  it('leaves the answer as it serializes', () => {
    const tally = new ReadTally();
    const a = answer('a');
    tally.count(a, Date.now());
    expect(JSON.stringify(a)).toBe('{"pilot_id":"a"}');
    expect(Object.keys(a)).toEqual(['pilot_id']);
    // A copy is an answer of its own.
    const copy = { ...a };
    tally.count(copy, Date.now());
    expect(addedUp(tally.take())).toEqual([expect.objectContaining({ connectionId: 'a', reads: 2 })]);
  });
});
