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
