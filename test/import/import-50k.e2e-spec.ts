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

  it('a commit whose Postgres connection is killed mid-way leaves nothing, and the commit again records all', async () => {
    const pilot = h.pilot();
    const rows = 20_000;
    const up = await upload(h, pilot.token, pftFile(rows)).expect(201);
    const id = up.body.data.import_id as string;

    const answered = h
      .as(pilot.token)
      .post(`/pilot/v1/imports/${id}/commit`)
      .then((res) => res);
    // The commit's transaction, caught once it has written (it holds a transaction id), and killed.
    let killed = 0;
    for (let tries = 0; killed === 0 && tries < 2000; tries++) {
      const { rows: found } = await h.sql.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null
            and (query ilike '%insert into flights%' or query ilike '%events%')`,
      );
      for (const { pid } of found) {
        await h.sql.query('select pg_terminate_backend($1)', [pid]);
        killed += 1;
      }
      if (killed === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(killed).toBeGreaterThan(0);
    const res = await answered;

    // Answered 503 with its code, and all or nothing: the cut transaction left no event and no row.
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.meta.request_id).toMatch(/^req_/);
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });
    const state = await h.sql.query('select state from pending_imports where import_id = $1', [id]);
    expect(state.rows).toEqual([{ state: 'previewed' }]);
    const again = await h.as(pilot.token).post(`/pilot/v1/imports/${id}/commit`).expect(200);
    expect(again.body.data).toMatchObject({ recorded: rows, amended: 0, unchanged: 0 });
    expect(await written(h, pilot.id)).toEqual({ events: rows, flights: rows });
  }, 300_000);
});
