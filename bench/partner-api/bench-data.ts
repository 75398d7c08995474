import { type DataSource } from 'typeorm';
import { ENTERED_TOTALS_FIELDS } from '@pft/contracts';
import { createPartner, issueApiKey } from '@pft/access/api-keys';

export interface BenchData {
  key: string;
  /** pilot_ids of the partner, each with a projected row. */
  pilotIds: string[];
}

/**
 * One partner, a key whose limit never binds, and `pilots` linked pilots with projected totals. The
 * rows are written straight into the active projection version (v1): this measures reads, not the pipeline.
 */
export async function seedBenchData(dataSource: DataSource, pilots: number): Promise<BenchData> {
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
       select pilot_id, $2, account, now() from pilots
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
  return { key, pilotIds: rows.map((r) => r.pilot_id) };
}
