import { TOTALS_FIELDS } from '@pft/contracts';
import { type AppConfig } from '@pft/platform';
import { type DataSource } from 'typeorm';
import { PilotTotalsReader } from './pilot-totals.reader';
import { TotalsReadCache } from './totals-read-cache';

/** What the stand-in database holds for a pilot: its row's stream version, and whether still connected. */
interface Stored {
  stream: number;
  connected: boolean;
  lastUpdated: Date;
}

const stored = (given: Partial<Stored> = {}): Stored => ({
  stream: 3,
  connected: true,
  lastUpdated: new Date('2026-11-01T00:00:00Z'),
  ...given,
});

/** A row of the partner read query for a projected pilot. */
const row = (pilotId: string, { stream, lastUpdated }: Stored) => ({
  pilot_id: pilotId,
  account: `account-of-${pilotId}`,
  pilot_account_id: `account-of-${pilotId}`,
  ...Object.fromEntries(TOTALS_FIELDS.map((f) => [f, '0'])),
  total_day: '0',
  total_night: '0',
  flight_count: String(stream),
  last_flight_date: null,
  last_updated: lastUpdated,
  rating_breakdown: {},
  stream_version: stream,
  projection_version: 1,
});

/** A row of the check: connection and row versions only. */
const checkRow = (pilotId: string, { stream, lastUpdated }: Stored) => ({
  pilot_id: pilotId,
  stream_version: stream,
  projection_version: 1,
  last_updated: lastUpdated,
});

/**
 * A reader over a stand-in database that answers every id as projected (as `database` says) and
 * counts its statements: `asked` the ids of each full read, `checked` those of each check.
 */
function readerWithCountedQueries(): {
  reader: PilotTotalsReader;
  queries: () => number;
  asked: string[][];
  checked: string[][];
  database: Map<string, Stored>;
} {
  let queries = 0;
  const asked: string[][] = [];
  const checked: string[][] = [];
  const database = new Map<string, Stored>();
  // The reader's statements go to the connection pool under the DataSource (prepared statements).
  const pool = {
    query: async ({ name, values: [given] }: { name: string; values: [string[] | string] }) => {
      const ids = typeof given === 'string' ? [given] : given;
      queries += 1;
      const check = name.includes('check');
      (check ? checked : asked).push(ids);
      await new Promise((resolve) => setImmediate(resolve));
      const rows = ids
        .map((id) => [id, database.get(id) ?? stored()] as const)
        .filter(([, pilot]) => pilot.connected);
      return { rows: rows.map(([id, pilot]) => (check ? checkRow(id, pilot) : row(id, pilot))) };
    },
  };
  const dataSource = {
    '@instanceof': Symbol.for('DataSource'),
    driver: { master: pool },
  } as unknown as DataSource;
  const cache = new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: 1000 } as AppConfig);
  return {
    reader: new PilotTotalsReader(dataSource, cache),
    queries: () => queries,
    asked,
    checked,
    database,
  };
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

  it('checks an answer that stopped counting instead of reading it again, and gives it with the current last_updated', async () => {
    const { reader, asked, checked, database } = readerWithCountedQueries();
    const [first] = await reader.read('partner', ['p1'], '5');
    database.set('p1', stored({ lastUpdated: new Date('2026-11-02T00:00:00Z') }));
    const [again] = await reader.read('partner', ['p1', 'p2'], '6');
    expect(asked).toEqual([['p1'], ['p2']]);
    expect(checked).toEqual([['p1']]);
    expect(again).toEqual({ ...first, last_updated: '2026-11-02T00:00:00.000Z' });
    // Checked, it counts again under the new revision.
    await reader.read('partner', ['p1'], '6');
    expect(checked).toHaveLength(1);
  });

  it('reads a pilot again in full when the check finds its row changed', async () => {
    const { reader, asked, checked, database } = readerWithCountedQueries();
    await reader.read('partner', ['p1'], '5');
    database.set('p1', stored({ stream: 4 }));
    const [again] = await reader.read('partner', ['p1'], '6');
    expect(checked).toEqual([['p1']]);
    expect(asked).toEqual([['p1'], ['p1']]);
    expect(again?.flight_count).toBe(4);
  });

  it('leaves out a pilot the check finds no longer connected, without reading it', async () => {
    const { reader, asked, database } = readerWithCountedQueries();
    await reader.read('partner', ['p1', 'p2'], '5');
    database.set('p1', stored({ connected: false }));
    const again = await reader.read('partner', ['p1', 'p2'], '6');
    expect(again.map((v) => v.pilot_id)).toEqual(['p2']);
    expect(asked).toEqual([['p1', 'p2']]);
  });

  it("shares a statement only among one partner's requests of one turn, never across partners, nor keeps anything without a revision", async () => {
    const { reader, queries, asked } = readerWithCountedQueries();
    await Promise.all([
      reader.read('partner', ['p1'], '5'),
      reader.read('partner', ['p2'], '6'),
      reader.read('other', ['p1'], '5'),
    ]);
    expect(queries()).toBe(2);
    expect(asked).toEqual(expect.arrayContaining([['p1', 'p2'], ['p1']]));
    await reader.read('partner', ['p1'], null);
    await reader.read('partner', ['p1'], null);
    expect(queries()).toBe(4);
  });

  it('does not share a statement already under way with a request under a newer revision', async () => {
    const { reader, queries } = readerWithCountedQueries();
    const first = reader.read('partner', ['p3'], '7');
    // The first request's statement has been sent: the second one arrives after it started.
    await new Promise((resolve) => setImmediate(resolve));
    const second = reader.read('partner', ['p3'], '8');
    await Promise.all([first, second]);
    expect(queries()).toBe(2);
  });

  it('gives each request of a shared statement only its own pilots', async () => {
    const { reader, queries } = readerWithCountedQueries();
    const [a, b] = await Promise.all([
      reader.read('partner', ['p1', 'p2'], '5'),
      reader.read('partner', ['p3'], '5'),
    ]);
    expect(queries()).toBe(1);
    expect(a.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(b.map((v) => v.pilot_id)).toEqual(['p3']);
  });

  it('reads only the ids of a batch that memory does not hold, and answers in the order asked', async () => {
    const { reader, asked } = readerWithCountedQueries();
    await reader.read('partner', ['p2'], '5');
    const batch = await reader.read('partner', ['p1', 'p2', 'p3'], '5');
    expect(batch.map((v) => v.pilot_id)).toEqual(['p1', 'p2', 'p3']);
    expect(asked).toEqual([['p2'], ['p1', 'p3']]);
  });
});
