import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { type RelayWake } from '@pft/event-store';
import { commitImport, FlightsRepository, PendingImportsRepository } from '@pft/logbook';
import { dataSourceOptions } from '@pft/platform';
import { createTestDatabase, storedFlight, type TestDatabase } from '@pft/testing';
import { type IngestionConfig } from '../ingestion.config';
import { ImportCommits, importCommitTimeouts, IMPORT_COMMIT_STATEMENT_MS } from './import-commits';

/** A request's statement limit, short here; the commit pool's own limit is IMPORT_COMMIT_STATEMENT_MS. */
const REQUEST_QUERY_MS = 500;

describe('import commits on their own pool (Postgres)', () => {
  let db: TestDatabase;
  let requests: DataSource;
  let commits: ImportCommits;
  const imports = new PendingImportsRepository();
  const flights = new FlightsRepository();

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = {
      DATABASE_URL: db.url,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_QUERY_TIMEOUT_MS: REQUEST_QUERY_MS,
    } as IngestionConfig;
    requests = await new DataSource(
      dataSourceOptions(db.url, 2, { connectMs: 5000, queryMs: REQUEST_QUERY_MS }),
    ).initialize();
    commits = new ImportCommits(config, { afterCommit: () => undefined } as unknown as RelayWake);
  });

  afterAll(async () => {
    await commits.onApplicationShutdown();
    await requests.destroy();
    await db.drop();
  });

  it('bounds its statements by the commit limit, or by a longer request limit, or not at all', () => {
    const connect = { DATABASE_CONNECT_TIMEOUT_MS: 5000 };
    expect(importCommitTimeouts({ ...connect, DATABASE_QUERY_TIMEOUT_MS: 10_000 }).queryMs).toBe(
      IMPORT_COMMIT_STATEMENT_MS,
    );
    expect(importCommitTimeouts({ ...connect, DATABASE_QUERY_TIMEOUT_MS: 600_000 }).queryMs).toBe(600_000);
    expect(importCommitTimeouts({ ...connect, DATABASE_QUERY_TIMEOUT_MS: 0 }).queryMs).toBe(0);
  });

  it("a second commit of an import while the first outlasts a request's limit answers the first one's result", async () => {
    const pilot = randomUUID();
    const importId = randomUUID();
    expect(
      await imports.insert(requests, { importId, pilot, format: 'auto', bytes: Buffer.from('a\n') }),
    ).toBe(true);
    const flight = storedFlight();
    // The first commit holds the pilot's stream lock three times a request's statement limit (and its
    // client's second of grace): a 50,000-flight commit on a busy machine.
    const slowFlights = Object.assign(Object.create(flights) as FlightsRepository, {
      states: async (...args: Parameters<FlightsRepository['states']>) => {
        await sleep(3 * (REQUEST_QUERY_MS + 1000));
        return flights.states(...args);
      },
    });
    const commit = async () =>
      commitImport(
        await commits.pipeline(),
        { flights: slowFlights, imports },
        {
          pilot,
          importId,
          readFlights: () => ({ flights: [flight], invalidRows: 0 }),
          requestId: `req-${randomUUID()}`,
        },
      );

    const first = commit();
    await sleep(200);
    const second = commit();

    const result = { recorded: 1, amended: 0, unchanged: 0, skipped_invalid: 0, skipped_deleted: 0 };
    expect(await first).toEqual(result);
    expect(await second).toEqual(result);
    expect(
      await requests.query(`select count(*)::int as events from events where stream_id = $1`, [
        `logbook-${pilot}`,
      ]),
    ).toEqual([{ events: 1 }]);
  }, 30_000);
});
