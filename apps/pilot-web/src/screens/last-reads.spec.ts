/// <reference types="jest" />
import { type AccessHistory, type Connection } from '../api/types';
import { dateTime } from '../format';
import { LAST_READ_UNKNOWN, lastReadCell, lastReadsOf, lastReadText } from './last-reads';

const partner = (id: string) => ({ id, name: `Partner ${id}` });
const day = (last_at: string) => ({ date: last_at.slice(0, 10), count: 1, last_at });

describe('the Partners screen: when each partner last read the pilot’s data', () => {
  it('takes the latest of the totals reads, the experience reads and the requirement checks', () => {
    const history: AccessHistory = {
      partners: [
        {
          partner: partner('a'),
          events: [],
          reads: [day('2026-11-20T09:00:00.000Z')],
          experience_reads: [day('2026-11-22T10:00:00.000Z')],
          requirement_checks: [{ at: '2026-11-23T08:00:00.000Z', as_of: '2026-11-23', requirements: [] }],
        },
        { partner: partner('b'), events: [], reads: [day('2026-11-21T12:00:00.000Z')] },
        { partner: partner('c'), events: [], reads: [] },
      ],
    };
    expect([...lastReadsOf(history)]).toEqual([
      ['a', '2026-11-23T08:00:00.000Z'],
      ['b', '2026-11-21T12:00:00.000Z'],
    ]);
  });

  it('shows a read only of the connection it was made over, and says when the window holds none', () => {
    const now = Date.parse('2026-12-01T00:00:00.000Z');
    const linked = (at: string): Connection => ({ connection_id: 'x', partner: partner('a'), linked_at: at });
    const recent = linked('2026-11-01T00:00:00.000Z');
    expect(lastReadText(recent, '2026-11-23T08:00:00.000Z', now)).toBe(dateTime('2026-11-23T08:00:00.000Z'));
    // Read over an earlier link of the same partner, before this one.
    expect(lastReadText(recent, '2026-10-01T00:00:00.000Z', now)).toBe('Not yet');
    expect(lastReadText(recent, undefined, now)).toBe('Not yet');
    expect(lastReadText(linked('2025-06-01T00:00:00.000Z'), undefined, now)).toBe('None in the last year');
  });

  it('says the last read is unknown, not "Not yet", while the access history cannot be read', () => {
    const now = Date.parse('2026-12-01T00:00:00.000Z');
    const connection: Connection = {
      connection_id: 'x',
      partner: partner('a'),
      linked_at: '2026-11-01T00:00:00.000Z',
    };
    expect(lastReadCell(connection, null, now)).toBe(LAST_READ_UNKNOWN);
    expect(lastReadCell(connection, new Map(), now)).toBe('Not yet');
    expect(lastReadCell(connection, new Map([['a', '2026-11-23T08:00:00.000Z']]), now)).toBe(
      dateTime('2026-11-23T08:00:00.000Z'),
    );
  });
});
