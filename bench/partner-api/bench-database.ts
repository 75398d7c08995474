import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource, splitDatabaseUrl } from '@pft/infrastructure';
import { createPartner, issueApiKey } from '@pft/infrastructure/api-keys';
import { ENTERED_TOTALS_FIELDS } from '@pft/contracts';

export interface BenchDatabase {
  url: string;
  key: string;
  /** pilot_ids of the partner, each with a projected row. */
  pilotIds: string[];
  drop(): Promise<void>;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: splitDatabaseUrl(serverUrl).adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the server of `serverUrl`, migrated, with one partner, a key whose limit
 * never binds, and `pilots` linked pilots with projected totals. The rows are written straight into the
 * active projection version: the benchmark measures reads, not the pipeline.
 */
export async function createBenchDatabase(serverUrl: string, pilots: number): Promise<BenchDatabase> {
  const name = `pft_bench_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataSource: DataSource = await createDataSource(url.toString(), 2).initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const partner = await createPartner(dataSource, 'Benchmark Air');
    const { key } = await issueApiKey(dataSource, {
      partnerId: partner.partnerId,
      scopes: ['pilot-totals', 'rating-dictionary'],
      rateLimit: 1_000_000_000,
    });
    const columns = ENTERED_TOTALS_FIELDS.join(', ');
    const values = ENTERED_TOTALS_FIELDS.map((_, i) => `(n * ${i + 3}) % 100000`).join(', ');
    const rows = await dataSource.query<{ pilot_id: string }[]>(
      `with pilots as (
         select n, gen_random_uuid() as account, gen_random_uuid() as pilot_id from generate_series(1, $1) n
       ), linked as (
         insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
         select pilot_id, $2, account, now() from pilots returning connection_id
       ), projected as (
         insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, ${columns},
                                      total_day, total_night, flight_count, last_flight_date, rating_breakdown, updated_at)
         select account, 10, n % 12, ${values}, n % 500, n % 50, n % 900, date '2026-11-01' - (n % 300)::int,
                jsonb_build_object('sep_land', 600 + n % 1000, 'type_a320', 1200 + n % 5000), now()
           from pilots
       )
       select pilot_id::text as pilot_id from pilots order by n`,
      [pilots, partner.partnerId],
    );
    await dataSource.query('analyze');
    return {
      url: url.toString(),
      key,
      pilotIds: rows.map((r) => r.pilot_id),
      drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
    };
  } finally {
    await dataSource.destroy();
  }
}
