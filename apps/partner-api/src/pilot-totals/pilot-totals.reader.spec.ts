import { TOTALS_FIELDS } from '@pft/contracts';
import { type AppConfig } from '@pft/infrastructure';
import { type DataSource } from 'typeorm';
import { PilotTotalsReader } from './pilot-totals.reader';
import { TotalsReadCache } from './totals-read-cache';

/** A row of the partner read query for a projected pilot. */
const row = (pilotId: string) => ({
  pilot_id: pilotId,
  account: `account-of-${pilotId}`,
  pilot_account_id: `account-of-${pilotId}`,
  ...Object.fromEntries(TOTALS_FIELDS.map((f) => [f, '0'])),
  total_day: '0',
  total_night: '0',
  flight_count: '3',
  last_flight_date: null,
  last_updated: new Date('2026-11-01T00:00:00Z'),
  rating_breakdown: {},
});

/** A reader over a stand-in database that answers every id as projected and counts its queries. */
function readerWithCountedQueries(): {
  reader: PilotTotalsReader;
  queries: () => number;
  asked: string[][];
} {
  let queries = 0;
  const asked: string[][] = [];
  // The reader's statement goes to the connection pool under the DataSource (a prepared statement).
  const pool = {
    query: async ({ values: [given] }: { values: [string[] | string] }) => {
      const ids = typeof given === 'string' ? [given] : given;
      queries += 1;
      asked.push(ids);
      await new Promise((resolve) => setImmediate(resolve));
      return { rows: ids.map(row) };
    },
  };
  const dataSource = {
    '@instanceof': Symbol.for('DataSource'),
    driver: { master: pool },
  } as unknown as DataSource;
  const cache = new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: 1000 } as AppConfig);
  return { reader: new PilotTotalsReader(dataSource, cache), queries: () => queries, asked };
}

describe('PilotTotalsReader', () => {
  it('reads the database once for requests that miss the same ids under the same revision together', async () => {
    const { reader, queries } = readerWithCountedQueries();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reader.read('partner', ['p1'], '5')));
    expect(queries()).toBe(1);
    for (const answer of answers)
      expect(answer.map((v) => [v.pilot_id, v.flight_count])).toEqual([['p1', 3]]);
    // Then from memory while the revision stands; a new revision reads again.
    await reader.read('partner', ['p1'], '5');
    expect(queries()).toBe(1);
    await reader.read('partner', ['p1'], '6');
    expect(queries()).toBe(2);
  });

  it('never shares a read across revisions or partners, nor keeps anything without a revision', async () => {
    const { reader, queries } = readerWithCountedQueries();
    await Promise.all([
      reader.read('partner', ['p1'], '5'),
      reader.read('partner', ['p1'], '6'),
      reader.read('other', ['p1'], '5'),
    ]);
    expect(queries()).toBe(3);
    await reader.read('partner', ['p1'], null);
    await reader.read('partner', ['p1'], null);
    expect(queries()).toBe(5);
  });

  it('reads only the ids of a batch that memory does not hold, and answers in the order asked', async () => {
    const { reader, asked } = readerWithCountedQueries();
    await reader.read('partner', ['p2'], '5');
    const batch = await reader.read('partner', ['p1', 'p2', 'p3'], '5');
    expect(batch.map((v) => v.pilot_id)).toEqual(['p1', 'p2', 'p3']);
    expect(asked).toEqual([['p2'], ['p1', 'p3']]);
  });
});
