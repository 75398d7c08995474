import { isDeepStrictEqual } from 'node:util';
import { MAX_IMPORT_ROWS } from '@pft/logbook/domain';
import { flightBody, waitFor } from '@pft/testing';
import { ingestionSuite } from '../ingestion/support/ingestion-harness';
import { bearer } from '../partner-api/partner-api.expectations';
import { partnerPipelineSuite } from '../partner-api/partner-pipeline';
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

describe('partner API: a read while a 50,000-flight import is folded (e2e, through the relay and the projector)', () => {
  const s = partnerPipelineSuite(1);
  const file = pftFile(MAX_IMPORT_ROWS);

  it('gives the totals before the import or after it, never between', async () => {
    const [api] = s.replicas;
    const pilot = s.pipeline.pilot();
    expect((await pilot.send('post', '/pilot/v1/flights', flightBody())).status).toBe(201);
    const linked = await api
      .http()
      .post('/v1/link')
      .set(bearer(s.partner.key))
      .send({ linking_token: await pilot.linkingCode() })
      .expect(200);
    const pilotId = (linked.body as { data: { pilot_id: string } }).data.pilot_id;
    type Totals = { flight_count: number; totals: Record<string, number>; last_updated?: string };
    const failures: string[] = [];
    /** The partner's read of the pilot's totals, without last_updated; `{ flight_count: -1 }` on a failure. */
    const read = async (): Promise<Totals> => {
      const res = await api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(s.partner.key));
      if (res.status !== 200) {
        failures.push(`${res.status} ${res.text}`);
        return { flight_count: -1, totals: {} };
      }
      const { last_updated: _at, ...totals } = (res.body as { data: Totals }).data;
      return totals;
    };
    const before = await waitFor(
      async () => {
        const totals = await read();
        return totals.flight_count === 1 ? totals : undefined;
      },
      // The consumer's first group join can take long on a busy broker.
      150_000,
      'the flight before the import to be projected',
    );
    const up = await pilot.upload(file);
    expect(up.status).toBe(201);

    // Polled from the commit on, until the import is read whole.
    const seen: { at: number; totals: Totals }[] = [];
    let committedAt = Number.POSITIVE_INFINITY;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        seen.push({ at: Date.now(), totals: await read() });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      const commit = await pilot.send('post', `/pilot/v1/imports/${up.body.data.import_id}/commit`);
      expect(commit.status).toBe(200);
      expect(commit.body.data).toMatchObject({ recorded: MAX_IMPORT_ROWS });
      committedAt = Date.now();
      await waitFor(
        () => (seen.some((r) => r.totals.flight_count === 1 + MAX_IMPORT_ROWS) ? true : undefined),
        240_000,
        'the import to be projected',
        200,
      );
    } finally {
      polling = false;
      await poll;
    }

    expect(failures).toEqual([]);
    const after = seen.find((r) => r.totals.flight_count === 1 + MAX_IMPORT_ROWS)!.totals;
    // Every read gave the totals before or after the import, whole: never a part of it.
    const between = seen.filter(
      (r) => !isDeepStrictEqual(r.totals, before) && !isDeepStrictEqual(r.totals, after),
    );
    expect(between.map((r) => r.totals.flight_count)).toEqual([]);
    // Reads were made while the relay sent the import and the projector folded it.
    expect(
      seen.filter((r) => r.at > committedAt && isDeepStrictEqual(r.totals, before)).length,
    ).toBeGreaterThan(3);
    // The import's 50,000 rows of the projection were written by one transaction.
    const rows = await api.db.query<{ rows: number }[]>(
      `select count(*)::int as rows from pilot_flights_v1 where pilot_account_id = $1
        group by xmin::text order by count(*) desc`,
      [pilot.id],
    );
    expect(rows[0]!.rows).toBeGreaterThanOrEqual(MAX_IMPORT_ROWS);
  }, 420_000);
});
