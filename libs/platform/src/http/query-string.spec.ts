import fc from 'fast-check';
import { parse } from 'fast-querystring';
import { parseQuery } from './query-string';

/** The parameters as entries, and whether the object is of fast-querystring's kind (no Object.prototype). */
const shape = (query: Record<string, unknown>): { entries: [string, unknown][]; plain: boolean } => ({
  entries: Object.entries(query),
  plain: !('hasOwnProperty' in query),
});

describe('parseQuery: the query string as fast-querystring reads it', () => {
  it('reads a single parameter with nothing to decode without fast-querystring, the same way', () => {
    for (const query of ['pilot_id=abc', 'a', '=x', 'a=', 'a=b=c', 'pilot_ids=1,2,3']) {
      expect(shape(parseQuery(query))).toEqual(shape(parse(query)));
    }
    expect(parseQuery('pilot_ids=a,b')).toMatchObject({ pilot_ids: 'a,b' });
  });

  it('answers as fast-querystring does for any query, with or without parameters to split or decode', () => {
    const query = fc.stringMatching(/^[a-z_=&%+,0-9A-F]{0,40}$/);
    fc.assert(
      fc.property(query, (q) => {
        expect(shape(parseQuery(q))).toEqual(q === '' ? { entries: [], plain: false } : shape(parse(q)));
      }),
      { numRuns: 5000 },
    );
  });
});
