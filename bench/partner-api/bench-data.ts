import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { ENTERED_TOTALS_FIELDS } from '@pft/contracts';
import { createPartner, issueApiKey } from '@pft/partners';
import { createDataSource } from '@pft/platform';
import { type TestDatabase } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';

/** Pilots of the cold reads: more than the fastest run reads in the second an answer is kept. */
export const READ_PILOTS = 30_000;
/** Pilots the batches of 50 rotate over. */
export const BATCH_PILOTS = 10_000;

/** A linked pilot of the bench data: the partner's pilot_id and the pilot's account. */
export interface BenchPilot {
  pilotId: string;
  account: string;
}

/** `count` pilots with ids of their own, to link to a partner in one database or several alike. */
export const benchPilots = (count: number): BenchPilot[] =>
  Array.from({ length: count }, () => ({ pilotId: randomUUID(), account: randomUUID() }));

/**
 * Links `pilots` to the partner and writes their totals straight into projection version 1 (the same
 * for the same pilot everywhere), then analyzes: plain SQL that seeds an earlier build's database too.
 */
export async function linkBenchPilots(
  dataSource: DataSource,
  partnerId: string,
  pilots: readonly BenchPilot[],
): Promise<void> {
  const columns = ENTERED_TOTALS_FIELDS.join(', ');
  const values = ENTERED_TOTALS_FIELDS.map((_, i) => `(n * ${i + 3}) % 100000`).join(', ');
  await dataSource.query(
    `with pilots as (
       select n, pilot_id, account from unnest($1::uuid[], $2::uuid[]) with ordinality as p(pilot_id, account, n)
     ), linked as (
       insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       select pilot_id, $3, account, now() from pilots
     )
     insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, ${columns},
                                  total_day, total_night, flight_count, last_flight_date, rating_breakdown, updated_at)
     select account, 10, n % 12, ${values}, n % 500, n % 50, n % 900, date '2026-11-01' - (n % 300)::int,
            jsonb_build_object('sep_land', 600 + n % 1000, 'type_a320', 1200 + n % 5000), now()
       from pilots`,
    [pilots.map((p) => p.pilotId), pilots.map((p) => p.account), partnerId],
  );
  await dataSource.query('analyze');
}

/**
 * The partner reads' paths: the warm read's (one pilot again and again), the cold read's (each pilot in
 * turn) and the batches of 50 over the first BATCH_PILOTS, in order.
 */
export function readPaths(pilotIds: readonly string[]): {
  single: string;
  cold: string[];
  batches: string[];
} {
  const batches: string[] = [];
  for (let i = 0; i + 50 <= Math.min(BATCH_PILOTS, pilotIds.length); i += 50)
    batches.push(`/v1/pilot-totals/batch?pilot_ids=${pilotIds.slice(i, i + 50).join(',')}`);
  const cold = pilotIds.map((id) => `/v1/pilot-totals?pilot_id=${id}`);
  return { single: cold[0]!, cold, batches };
}

/** A partner named `name` with a key of `scopes` whose rate limit never binds. */
export async function benchPartner(
  dataSource: DataSource,
  name: string,
  scopes: Parameters<typeof issueApiKey>[1]['scopes'],
): Promise<{ partnerId: string; key: string }> {
  const { partnerId } = await createPartner(dataSource, name);
  const { key } = await issueApiKey(dataSource, { partnerId, scopes, rateLimit: 1_000_000_000 });
  return { partnerId, key };
}

/**
 * A database of the run's with one partner, a key whose limit never binds and READ_PILOTS linked
 * pilots with projected totals; its data source open until the run ends.
 */
export async function seedBenchReads(bench: BenchRun): Promise<{
  db: TestDatabase;
  dataSource: DataSource;
  auth: Record<string, string>;
  pilotIds: string[];
}> {
  const db = await bench.database();
  const dataSource = await createDataSource(db.url, 2).initialize();
  bench.defer(() => dataSource.destroy());
  const { partnerId, key } = await benchPartner(dataSource, 'Benchmark Air', [
    'pilot-totals',
    'rating-dictionary',
  ]);
  const linked = benchPilots(READ_PILOTS);
  await linkBenchPilots(dataSource, partnerId, linked);
  return { db, dataSource, auth: { authorization: `Bearer ${key}` }, pilotIds: linked.map((p) => p.pilotId) };
}
