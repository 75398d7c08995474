import { DataSource } from 'typeorm';
import { PendingImportsRepository } from '@pft/logbook';
import { ingestionSuite } from '../ingestion/support/ingestion-harness';
import { fixture, pftFile, upload, written } from './import-support';

interface CommitResult {
  recorded: number;
  amended: number;
  unchanged: number;
  skipped_invalid: number;
  skipped_deleted: number;
}

interface Listed {
  flight_id: string;
  remarks?: string;
}

describe('pilot app API: logbook file imports (e2e)', () => {
  const h = ingestionSuite();

  const listed = async (token: string): Promise<Listed[]> =>
    (await h.as(token).get('/pilot/v1/flights?limit=200').expect(200)).body.data.flights as Listed[];

  /** Uploads and commits a file; answers the commit's result. */
  async function importFile(token: string, bytes: Buffer): Promise<CommitResult> {
    const up = await upload(h, token, bytes).expect(201);
    expect(up.body.data.ready).toBe(true);
    const res = await h.as(token).post(`/pilot/v1/imports/${up.body.data.import_id}/commit`).expect(200);
    return res.body.data as CommitResult;
  }

  it('upload → preview → choices → commit → the flights listed; a second commit answers the first result', async () => {
    const pilot = h.pilot();
    const up = await upload(h, pilot.token, fixture('myflightbook.csv')).expect(201);
    const preview = up.body.data;
    expect(preview).toMatchObject({ format: 'myflightbook', status: 'previewed', rows: 7, delimiter: ',' });
    expect(up.body.meta.request_id).toMatch(/^req_/);
    expect(preview.flights_valid).toBeGreaterThan(0);
    expect(preview.totals.total_flight_time_minutes).toBeGreaterThan(0);
    // The ICAO designator B738 proposes the rating catalog's type rating, not a guessed class.
    expect(preview.aircraft.find((a: { source: string }) => a.source === 'N738XY').proposed).toMatchObject({
      rating_key: 'type_b737_300_900',
      guessed: false,
    });
    // Read and kept, nothing recorded.
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });

    const id = preview.import_id as string;
    const got = await h.as(pilot.token).get(`/pilot/v1/imports/${id}`).expect(200);
    expect(got.body.data).toEqual(preview);

    const chosen = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${id}/choices`)
      .send({
        aircraft: {
          N738XY: { category: 'airplane', rating_key: 'mep_land' },
          N999XX: { category: 'airplane', rating_key: 'sep_land' },
        },
      })
      .expect(200);
    expect(chosen.body.data.aircraft.find((a: { source: string }) => a.source === 'N738XY').chosen).toEqual({
      category: 'airplane',
      rating_key: 'mep_land',
    });
    // Merged: a later choice keeps the earlier one.
    const again = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${id}/choices`)
      .send({ date_order: 'mdy' })
      .expect(200);
    expect(
      again.body.data.aircraft.find((a: { source: string }) => a.source === 'N738XY').chosen,
    ).not.toBeNull();
    // Every aircraft rated; the two rows that break the flight rules stay refused, by line.
    expect(again.body.data.ready).toBe(true);
    expect(again.body.data.problems.map((p: { line: number }) => p.line)).toEqual([6, 7]);
    expect(again.body.data.flights_valid).toBe(5);

    const commit = await h.as(pilot.token).post(`/pilot/v1/imports/${id}/commit`).expect(200);
    const valid = again.body.data.flights_valid as number;
    expect(commit.body.data).toEqual({
      recorded: valid,
      amended: 0,
      unchanged: 0,
      skipped_invalid: 7 - valid,
      skipped_deleted: 0,
    });
    expect(await written(h, pilot.id)).toEqual({ events: valid, flights: valid });
    expect(await listed(pilot.token)).toHaveLength(valid);
    expect((await h.as(pilot.token).get(`/pilot/v1/imports/${id}`).expect(200)).body.data.status).toBe(
      'committed',
    );

    // Sent as some client libraries send a POST without a body: a JSON content type and no bytes.
    const second = await h
      .as(pilot.token)
      .post(`/pilot/v1/imports/${id}/commit`)
      .set('Content-Type', 'application/json')
      .send('')
      .expect(200);
    expect(second.body.data).toEqual(commit.body.data);
    expect(await written(h, pilot.id)).toEqual({ events: valid, flights: valid });
  });

  it('the same file again records nothing (unchanged); an edited export amends only the changed flights', async () => {
    const pilot = h.pilot();
    const file = fixture('pft.csv');
    const first = await importFile(pilot.token, file);
    expect(first.recorded).toBeGreaterThan(1);
    const before = await written(h, pilot.id);

    expect(await importFile(pilot.token, file)).toEqual({ ...first, recorded: 0, unchanged: first.recorded });
    expect(await written(h, pilot.id)).toEqual(before);

    const edited = Buffer.from(
      // The remarks of the flight with its own flight_id: the other valid one stays as it was.
      file.toString('utf8').replace('gusty"', 'gusty wind"'),
    );
    expect(edited.equals(file)).toBe(false);
    expect(await importFile(pilot.token, edited)).toEqual({
      ...first,
      recorded: 0,
      amended: 1,
      unchanged: first.recorded - 1,
    });
    expect(await written(h, pilot.id)).toEqual({ events: before.events + 1, flights: before.flights });
  });

  it('a flight the pilot deleted is not brought back by importing the file again', async () => {
    const pilot = h.pilot();
    const file = fixture('myflightbook-hhmm.csv');
    const first = await importFile(pilot.token, file);
    expect(first.recorded).toBe(2);
    const [gone] = await listed(pilot.token);
    await h.as(pilot.token).delete(`/pilot/v1/flights/${gone!.flight_id}`).expect(204);

    expect(await importFile(pilot.token, file)).toMatchObject({
      recorded: 0,
      unchanged: 1,
      skipped_deleted: 1,
    });
    const after = await listed(pilot.token);
    expect(after.map((f) => f.flight_id)).not.toContain(gone!.flight_id);
    expect(after).toHaveLength(1);
  });

  it('an import expires after 24 hours: 404 IMPORT_NOT_FOUND, and the cleanup deletes it', async () => {
    const pilot = h.pilot();
    const up = await upload(h, pilot.token, fixture('myflightbook-hhmm.csv')).expect(201);
    const id = up.body.data.import_id as string;
    const { rows } = await h.sql.query<{ hours: number }>(
      `select extract(epoch from expires_at - created_at)::int / 3600 as hours from pending_imports where import_id = $1`,
      [id],
    );
    expect(rows[0]!.hours).toBe(24);
    await h.sql.query(
      `update pending_imports set expires_at = now() - interval '1 second' where import_id = $1`,
      [id],
    );
    for (const res of [
      await h.as(pilot.token).get(`/pilot/v1/imports/${id}`),
      await h.as(pilot.token).put(`/pilot/v1/imports/${id}/choices`).send({}),
      await h.as(pilot.token).post(`/pilot/v1/imports/${id}/commit`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('IMPORT_NOT_FOUND');
      expect(res.body.meta.request_id).toMatch(/^req_/);
    }
    expect(await new PendingImportsRepository().deleteExpired(h.app.get(DataSource))).toBeGreaterThanOrEqual(
      1,
    );
    const left = await h.sql.query('select 1 from pending_imports where import_id = $1', [id]);
    expect(left.rows).toHaveLength(0);
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });
  });

  it('a columns file without its mapping is not ready: 409 IMPORT_NOT_READY, nothing recorded; mapped, it commits', async () => {
    const pilot = h.pilot();
    const up = await upload(
      h,
      pilot.token,
      fixture('columns-logten.tsv'),
      'text/tab-separated-values',
    ).expect(201);
    const data = up.body.data;
    expect(data.format).toBe('columns');
    expect(data.delimiter).toBe('\t');
    const id = data.import_id as string;
    if (data.ready) throw new Error('a columns file with no mapping chosen was ready');
    const refused = await h.as(pilot.token).post(`/pilot/v1/imports/${id}/commit`).expect(409);
    expect(refused.body.error.code).toBe('IMPORT_NOT_READY');
    expect(refused.body.meta.request_id).toMatch(/^req_/);
    expect(await written(h, pilot.id)).toEqual({ events: 0, flights: 0 });

    const mapped = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${id}/choices`)
      .send({
        columns: {
          date: 'Flight Date',
          registration: 'Aircraft ID',
          departure: 'From',
          arrival: 'To',
          total_flight_time: 'Total Time',
          pic: 'PIC',
          sic: 'SIC',
          dual: 'Dual Received',
          night: 'Night',
          day_landings: 'Day Ldg',
          night_landings: 'Night Ldg',
          remarks: 'Remarks',
        },
        date_order: 'dmy',
        time_unit: 'decimal_hours',
        aircraft: {
          'D-EFGH': { category: 'airplane', rating_key: 'sep_land' },
          'D-AIZA': { category: 'airplane', rating_key: 'mep_land' },
        },
      })
      .expect(200);
    // The third row's dual received (1.2 h) exceeds its total (1.0 h): refused, by line.
    expect(mapped.body.data).toMatchObject({ ready: true, date_order: 'dmy', flights_valid: 2 });
    expect(mapped.body.data.problems.map((p: { line: number }) => p.line)).toEqual([4]);
    expect(mapped.body.data.date_range).toEqual({ from: '2026-04-03', to: '2026-04-15' });
    // The type designator column, mapped from its header's name: the pilot says the file has none.
    expect(mapped.body.data.columns.type_designator).toBe('Aircraft Type');
    const unmapped = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${id}/choices`)
      .send({ columns: { type_designator: null } })
      .expect(200);
    expect(unmapped.body.data.columns.type_designator).toBeUndefined();
    expect(unmapped.body.data.unused_columns).toContain('Aircraft Type');
    expect(unmapped.body.data).toMatchObject({ ready: true, flights_valid: 2 });
    const commit = await h.as(pilot.token).post(`/pilot/v1/imports/${id}/commit`).expect(200);
    expect(commit.body.data).toMatchObject({ recorded: 2, skipped_invalid: 1 });
    expect(await written(h, pilot.id)).toEqual({ events: 2, flights: 2 });
    // Committed, its choices stay those it was read with: a change is refused, nothing saved.
    const late = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${id}/choices`)
      .send({ date_order: 'mdy' })
      .expect(400);
    expect(late.body.error.details).toEqual([
      {
        field: 'body',
        issue: 'not_allowed',
        message: 'the import is committed: its choices can no longer change',
      },
    ]);
    const after = await h.as(pilot.token).get(`/pilot/v1/imports/${id}`).expect(200);
    expect(after.body.data).toMatchObject({ status: 'committed', date_order: 'dmy', flights_valid: 2 });
  });

  it('answers the first 1,000 problems, by line, with their number; the totals are those of the valid flights', async () => {
    const pilot = h.pilot();
    const valid = pftFile(2).toString('utf8');
    const invalid = Array.from({ length: 1500 }, () => '2026-01-01,flight,airplane,no_such_rating,60,60,1\n');
    const up = await upload(h, pilot.token, valid + invalid.join('')).expect(201);
    const data = up.body.data;
    expect(data).toMatchObject({ rows: 1502, flights_valid: 2, problems_total: 1500 });
    expect(data.problems).toHaveLength(1000);
    expect(data.problems[0].line).toBe(4);
    expect(data.problems[999].line).toBe(1003);
    // pftFile's first two flights: 30 and 31 minutes.
    expect(data.totals).toMatchObject({ total_flight_time_minutes: 61, pic_minutes: 61 });
  });
});
