import { MAX_IMPORT_ROWS } from '@pft/logbook/domain';
import { ingestionSuite } from '../ingestion/support/ingestion-harness';
import { pftFile, upload, written } from './import-support';

describe('pilot app API: a 50,000-flight logbook file committed as one write (e2e)', () => {
  const h = ingestionSuite();

  it('records every flight in one command of the logbook stream; the same file again records nothing', async () => {
    const pilot = h.pilot();
    const file = pftFile(MAX_IMPORT_ROWS);
    const up = await upload(h, pilot.token, file).expect(201);
    expect(up.body.data).toMatchObject({
      rows: MAX_IMPORT_ROWS,
      flights_valid: MAX_IMPORT_ROWS,
      ready: true,
    });
    const id = up.body.data.import_id as string;

    const commit = await h.as(pilot.token).post(`/pilot/v1/imports/${id}/commit`).expect(200);
    expect(commit.body.data).toEqual({
      recorded: MAX_IMPORT_ROWS,
      amended: 0,
      unchanged: 0,
      skipped_invalid: 0,
      skipped_deleted: 0,
    });
    expect(await written(h, pilot.id)).toEqual({ events: MAX_IMPORT_ROWS, flights: MAX_IMPORT_ROWS });
    // One command: every event names the same last version, and one transaction appended them all.
    const { rows } = await h.sql.query<{ commands: number; transactions: number }>(
      `select count(distinct metadata->>'command_last_version')::int as commands,
              count(distinct xmin::text)::int as transactions
         from events where stream_id = $1`,
      [`logbook-${pilot.id}`],
    );
    expect(rows[0]).toEqual({ commands: 1, transactions: 1 });

    const again = await upload(h, pilot.token, file).expect(201);
    const second = await h
      .as(pilot.token)
      .post(`/pilot/v1/imports/${again.body.data.import_id}/commit`)
      .expect(200);
    expect(second.body.data).toMatchObject({ recorded: 0, unchanged: MAX_IMPORT_ROWS });
    expect(await written(h, pilot.id)).toEqual({ events: MAX_IMPORT_ROWS, flights: MAX_IMPORT_ROWS });
  }, 300_000);
});
