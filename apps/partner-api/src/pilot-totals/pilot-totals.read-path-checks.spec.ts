// Answers kept in memory that stopped counting under a new revision: checked rather than read again,
// read again or left out as the check finds them. The rest of the read path: pilot-totals.read-path.spec.ts.
import { PartnerRefused } from '@pft/partners/domain';
import { flightCount, readPathWithCountedQueries, stored } from './pilot-totals.read-path.test-support';

describe('the pilot totals read path', () => {
  it('answers PILOT_NOT_FOUND for a single read of a pilot that does not resolve, never from memory', async () => {
    const { readOne, database } = readPathWithCountedQueries();
    await readOne('partner', 'p1', '5');
    database.set('p1', stored({ connected: false }));
    await expect(readOne('partner', 'p1', '6')).rejects.toEqual(
      expect.objectContaining<Partial<PartnerRefused>>({ code: 'PILOT_NOT_FOUND' }),
    );
    await expect(readOne('partner', 'p1', null)).rejects.toBeInstanceOf(PartnerRefused);
  });

  it('checks an answer that stopped counting instead of reading it again, and gives it with the current last_updated', async () => {
    const { read, asked, checked, database } = readPathWithCountedQueries();
    const [first] = await read('partner', ['p1'], '5');
    database.set('p1', stored({ lastUpdated: new Date('2026-11-02T00:00:00Z') }));
    const [again] = await read('partner', ['p1', 'p2'], '6');
    expect(asked).toEqual([['p1'], ['p2']]);
    expect(checked).toEqual([['p1']]);
    expect(again!.last_updated).toBe('2026-11-02T00:00:00.000Z');
    expect(JSON.parse(again!.json)).toEqual({
      ...JSON.parse(first!.json),
      last_updated: '2026-11-02T00:00:00.000Z',
    });
    // Checked, it counts again under the new revision.
    await read('partner', ['p1'], '6');
    expect(checked).toHaveLength(1);
  });

  it('reads a pilot again in full when the check finds its row changed', async () => {
    const { read, asked, checked, database } = readPathWithCountedQueries();
    await read('partner', ['p1'], '5');
    database.set('p1', stored({ stream: 4 }));
    const [again] = await read('partner', ['p1'], '6');
    expect(checked).toEqual([['p1']]);
    expect(asked).toEqual([['p1'], ['p1']]);
    expect(flightCount(again)).toBe(4);
  });

  it('leaves out a pilot the check finds no longer connected, without reading it', async () => {
    const { read, asked, database } = readPathWithCountedQueries();
    await read('partner', ['p1', 'p2'], '5');
    database.set('p1', stored({ connected: false }));
    const again = await read('partner', ['p1', 'p2'], '6');
    expect(again.map((v) => v.pilot_id)).toEqual(['p2']);
    expect(asked).toEqual([['p1', 'p2']]);
  });

  it('drops from memory the answer of a pilot the check finds no longer connected', async () => {
    const { read, asked, checked, database } = readPathWithCountedQueries();
    await read('partner', ['p1', 'p2'], '5');
    database.set('p1', stored({ connected: false }));
    await read('partner', ['p1', 'p2'], '6');
    // Asked again, p1 has no kept answer left to check: it is read afresh, and still left out.
    const third = await read('partner', ['p1', 'p2'], '7');
    expect(third.map((v) => v.pilot_id)).toEqual(['p2']);
    expect(checked).toEqual([['p1', 'p2'], ['p2']]);
    expect(asked).toEqual([['p1', 'p2'], ['p1']]);
  });
});
