import { TOTALS_FIELDS } from '@pft/contracts';
import { PartnerRefused } from '@pft/partners/domain';
import { type DataSource } from 'typeorm';
import { AccessRecorder } from '../access-history/access-recorder';
import { type PartnerApiConfig } from '../partner-api.config';
import { PilotTotalsReadModel, type PilotTotalsView } from '@pft/totals';
import { PilotTotalsDatabase } from '@pft/totals/read/pilot-totals.database';
import { KEPT_ANSWER_MAX_AGE_MS, TotalsReadCache } from '@pft/totals/read/totals-read-cache';
import { GetPilotTotalsBatchHandler } from '../pilot-totals-batch/get-pilot-totals-batch.handler';
import { GetPilotTotalsBatchQuery } from '../pilot-totals-batch/get-pilot-totals-batch.query';
import { GetPilotTotalsHandler } from './get-pilot-totals.handler';
import { GetPilotTotalsQuery } from './get-pilot-totals.query';

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

/** The flight count an answer gives (the stand-in database writes the stream version there). */
const flightCount = (view: PilotTotalsView | undefined): number | undefined =>
  view && (JSON.parse(view.json) as { flight_count: number }).flight_count;

/** A row of the check: connection and row versions only, `last_updated` as Postgres writes it. */
const checkRow = (pilotId: string, { stream, lastUpdated }: Stored) => ({
  pilot_id: pilotId,
  stream_version: stream,
  projection_version: 1,
  last_updated: lastUpdated.toISOString(),
});

/**
 * Both endpoints' handlers over one read model (one cache, one database access), as the modules wire
 * them, on a stand-in database that answers every id as projected (as `database` says) and counts its
 * statements: `asked` the ids of each full read, `checked` those of each check.
 */
function readPathWithCountedQueries(cacheMs = 1000): {
  /** GET /v1/pilot-totals/batch, the list sent as the ids joined by commas: the answers, in order. */
  read: (
    partnerId: string,
    pilotIds: string[],
    revision: string | null,
  ) => Promise<readonly PilotTotalsView[]>;
  /** GET /v1/pilot-totals. */
  readOne: (partnerId: string, pilotId: string, revision: string | null) => Promise<PilotTotalsView>;
  queries: () => number;
  asked: string[][];
  checked: string[][];
  database: Map<string, Stored>;
  /** The reads counted for the access history. */
  access: AccessRecorder;
  /** The cache's sweep of old answers, as its timer runs it at `now`. */
  sweep: (now: number) => void;
  /** The cache as the module starts and stops it. */
  cache: TotalsReadCache;
} {
  let queries = 0;
  const asked: string[][] = [];
  const checked: string[][] = [];
  const database = new Map<string, Stored>();
  // The statements go to the connection pool under the DataSource (prepared statements).
  const pool = {
    query: async ({ name, values: [given] }: { name: string; values: [string[] | string] }) => {
      // `= any($1)` matches each connection once, however often the list names it (genericPlanIds).
      const ids = typeof given === 'string' ? [given] : [...new Set(given)];
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
  const cache = new TotalsReadCache({ PARTNER_TOTALS_CACHE_MS: cacheMs });
  const totals = new PilotTotalsReadModel(cache, new PilotTotalsDatabase(dataSource));
  const access = new AccessRecorder({ ACCESS_HISTORY: 'on' } as PartnerApiConfig, dataSource);
  const batch = new GetPilotTotalsBatchHandler(totals, access);
  const single = new GetPilotTotalsHandler(totals, access);
  return {
    read: async (partnerId, pilotIds, revision) =>
      (
        await batch.execute(
          new GetPilotTotalsBatchQuery(partnerId, pilotIds, revision, false, pilotIds.join(',')),
        )
      ).pilots,
    readOne: (partnerId, pilotId, revision) =>
      single.execute(new GetPilotTotalsQuery(partnerId, pilotId, revision)),
    queries: () => queries,
    asked,
    checked,
    database,
    access,
    sweep: (now) => cache.sweep(now),
    cache,
  };
}

describe('the pilot totals read path', () => {
  it('counts each answered pilot for the access history, from memory or not', async () => {
    const { read, readOne, access, database } = readPathWithCountedQueries();
    database.set('gone', stored({ connected: false }));
    await read('partner', ['p1', 'p2', 'gone'], '5');
    await read('partner', ['p1'], '5');
    await readOne('partner', 'p2', '5');
    await expect(readOne('partner', 'gone', '5')).rejects.toBeInstanceOf(PartnerRefused);
    const counted = () =>
      Object.fromEntries(access.tally.take().map(({ connectionId, reads }) => [connectionId, reads]));
    expect(counted()).toEqual({ p1: 2, p2: 2 });
  });

  it('reads the database once for requests that miss the same ids under the same revision together', async () => {
    const { read, queries } = readPathWithCountedQueries();
    const answers = await Promise.all(Array.from({ length: 20 }, () => read('partner', ['p1'], '5')));
    expect(queries()).toBe(1);
    for (const answer of answers)
      expect(answer.map((v) => [v.pilot_id, flightCount(v)])).toEqual([['p1', 3]]);
    // Then from memory while the revision stands; a new revision reads again.
    await read('partner', ['p1'], '5');
    expect(queries()).toBe(1);
    await read('partner', ['p1'], '6');
    expect(queries()).toBe(2);
  });

  it('does the same for single reads, and shares memory with the batch', async () => {
    const { read, readOne, queries } = readPathWithCountedQueries();
    const answers = await Promise.all(Array.from({ length: 20 }, () => readOne('partner', 'p1', '5')));
    expect(queries()).toBe(1);
    for (const answer of answers) expect([answer.pilot_id, flightCount(answer)]).toEqual(['p1', 3]);
    expect(await readOne('partner', 'p1', '5')).toBe(answers[0]);
    await read('partner', ['p1', 'p2'], '6');
    expect(queries()).toBe(3);
    await readOne('partner', 'p2', '6');
    expect(queries()).toBe(3);
  });

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

  it("shares a statement only among one partner's requests of one turn, never across partners, nor keeps anything without a revision", async () => {
    const { read, readOne, queries, asked } = readPathWithCountedQueries();
    await Promise.all([
      read('partner', ['p1'], '5'),
      readOne('partner', 'p2', '6'),
      read('other', ['p1'], '5'),
    ]);
    expect(queries()).toBe(2);
    expect(asked).toEqual(expect.arrayContaining([['p1', 'p2'], ['p1']]));
    await read('partner', ['p1'], null);
    await readOne('partner', 'p1', null);
    expect(queries()).toBe(4);
  });

  it('keeps nothing when PARTNER_TOTALS_CACHE_MS is 0', async () => {
    const { read, readOne, queries } = readPathWithCountedQueries(0);
    await read('partner', ['p1'], '5');
    await readOne('partner', 'p1', '5');
    await read('partner', ['p1'], '5');
    expect(queries()).toBe(3);
  });

  it('does not share a statement already under way with a request under a newer revision', async () => {
    const { read, queries } = readPathWithCountedQueries();
    const first = read('partner', ['p3'], '7');
    // The first request's statement has been sent: the second one arrives after it started.
    await new Promise((resolve) => setImmediate(resolve));
    const second = read('partner', ['p3'], '8');
    await Promise.all([first, second]);
    expect(queries()).toBe(2);
  });

  it('gives each request of a shared statement only its own pilots, in the order asked, never the unconnected', async () => {
    const { read, queries, database } = readPathWithCountedQueries();
    database.set('p5', stored({ connected: false }));
    const [a, b, c, d] = await Promise.all([
      read('partner', ['p1', 'p2'], '5'),
      read('partner', ['p3'], '5'),
      read('partner', ['p4', 'p2', 'p1'], '5'),
      read('partner', ['p5', 'p4'], '5'),
    ]);
    expect(queries()).toBe(1);
    expect(a.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(b.map((v) => v.pilot_id)).toEqual(['p3']);
    expect(c.map((v) => v.pilot_id)).toEqual(['p4', 'p2', 'p1']);
    expect(d.map((v) => v.pilot_id)).toEqual(['p4']);
  });

  it('gives a batch answered whole from memory again as it was while every answer counts, and never to another partner', async () => {
    const { read, readOne, queries, access } = readPathWithCountedQueries();
    await read('partner', ['p1', 'p2'], '5');
    const whole = await read('partner', ['p1', 'p2'], '5');
    expect(await read('partner', ['p1', 'p2'], '5')).toBe(whole);
    expect(whole.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(queries()).toBe(1);
    // Every answer given again is counted for the access history.
    const counted = () =>
      Object.fromEntries(access.tally.take().map(({ connectionId, reads }) => [connectionId, reads]));
    expect(counted()).toEqual({ p1: 3, p2: 3 });
    // The same list from another partner is that partner's read, not the first one's answers.
    const other = await read('other', ['p1', 'p2'], '5');
    expect(other).not.toBe(whole);
    expect(queries()).toBe(2);
    // A new revision: looked up again, and read again once it no longer counts.
    const later = await read('partner', ['p1', 'p2'], '6');
    expect(later).not.toBe(whole);
    expect(queries()).toBe(3);
    await readOne('partner', 'p1', '6');
    expect(queries()).toBe(3);
  });

  it('never gives a remembered batch again past the lifetime of its answers', async () => {
    const { read, queries } = readPathWithCountedQueries(50);
    await read('partner', ['p1', 'p2'], '5');
    const whole = await read('partner', ['p1', 'p2'], '5');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await read('partner', ['p1', 'p2'], '5')).not.toBe(whole);
    expect(queries()).toBe(2);
  });

  it('lets go of answers no one asked for in KEPT_ANSWER_MAX_AGE_MS, those of batches answered whole included', async () => {
    const { read, asked, checked, sweep } = readPathWithCountedQueries();
    await read('partner', ['p1', 'p2'], '5');
    const whole = await read('partner', ['p1', 'p2'], '5');
    sweep(Date.now() + KEPT_ANSWER_MAX_AGE_MS - 60_000);
    expect(await read('partner', ['p1', 'p2'], '5')).toBe(whole);
    sweep(Date.now() + KEPT_ANSWER_MAX_AGE_MS + 1);
    // Nothing kept: read in full, not checked, not given from a remembered batch.
    const afresh = await read('partner', ['p1', 'p2'], '5');
    expect(afresh).not.toBe(whole);
    expect(afresh.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(asked).toEqual([
      ['p1', 'p2'],
      ['p1', 'p2'],
    ]);
    expect(checked).toEqual([]);
  });

  it('reads only the ids of a batch that memory does not hold, and answers in the order asked', async () => {
    const { read, asked, database } = readPathWithCountedQueries();
    await read('partner', ['p2'], '5');
    const batch = await read('partner', ['p1', 'p2', 'p3'], '5');
    expect(batch.map((v) => v.pilot_id)).toEqual(['p1', 'p2', 'p3']);
    expect(asked).toEqual([['p2'], ['p1', 'p3']]);
    // Unknown ids are left out wherever they stand, the others kept in order.
    database.set('p1', stored({ connected: false }));
    database.set('p4', stored({ connected: false }));
    const later = await read('partner', ['p4', 'p3', 'p1', 'p2', 'p5'], '6');
    expect(later.map((v) => v.pilot_id)).toEqual(['p3', 'p2', 'p5']);
  });
});
