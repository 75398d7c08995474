import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type IngestionHarness } from '../ingestion/support/ingestion-harness';

/** A fixture file of test/fixtures/import, as bytes. */
export const fixture = (name: string): Buffer =>
  readFileSync(join(__dirname, '..', 'fixtures', 'import', name));

/** Uploads `bytes` as the pilot, with the content type given (text/csv by default). */
export const upload = (
  h: IngestionHarness,
  token: string,
  bytes: Buffer | string,
  type = 'text/csv',
  query = '',
) =>
  h
    .as(token)
    .post(`/pilot/v1/imports${query}`)
    .set('Content-Type', type)
    .send(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);

/** The pilot's logbook events and flights rows, counted. */
export async function written(
  h: IngestionHarness,
  pilot: string,
): Promise<{ events: number; flights: number }> {
  const { rows } = await h.sql.query<{ events: number; flights: number }>(
    `select (select count(*)::int from events where stream_id = $1) as events,
            (select count(*)::int from flights where pilot_account_id = $2) as flights`,
    [`logbook-${pilot}`, pilot],
  );
  return rows[0]!;
}

/** A `pft` file of `rows` valid flights, three a day back from 2026-01-01. */
export function pftFile(rows: number): Buffer {
  const lines = ['date,kind,category,rating_key,total_flight_time,pic,day_landings'];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < rows; i++) {
    const date = new Date(start - Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${date},flight,airplane,sep_land,${30 + (i % 90)},${30 + (i % 90)},1`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}
