// The stand-in for the pilot totals read path that pilot-totals.read-path*.spec.ts read through: both
// endpoints' handlers over one read model, on a stand-in database that counts its statements.
import { TOTALS_FIELDS } from '@pft/contracts';
import { type DataSource } from 'typeorm';
import { AccessRecorder } from '../access-history/access-recorder';
import { type PartnerApiConfig } from '../partner-api.config';
import { PilotTotalsReadModel, type PilotTotalsView } from '@pft/totals';
import { PilotTotalsDatabase } from '@pft/totals/read/pilot-totals.database';
import { TotalsReadCache } from '@pft/totals/read/totals-read-cache';
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

export const stored = (given: Partial<Stored> = {}): Stored => ({
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
export const flightCount = (view: PilotTotalsView | undefined): number | undefined =>
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
export function readPathWithCountedQueries(cacheMs = 1000): {
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
