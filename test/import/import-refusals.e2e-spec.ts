import { ingestionSuite } from '../ingestion/support/ingestion-harness';
import { fixture, upload, written } from './import-support';

/** What an import refuses: another pilot, bad choices, an unknown format or content type, no token. */
describe('pilot app API: logbook file imports refused (e2e)', () => {
  const h = ingestionSuite();

  it("another pilot's import is not found, and neither is an unknown id", async () => {
    const owner = h.pilot();
    const other = h.pilot();
    const up = await upload(h, owner.token, fixture('pft.csv')).expect(201);
    const id = up.body.data.import_id as string;
    for (const path of [
      `/pilot/v1/imports/${id}`,
      '/pilot/v1/imports/00000000-0000-4000-8000-000000000000',
      '/pilot/v1/imports/nope',
    ]) {
      const res = await h.as(other.token).get(path).expect(404);
      expect(res.body.error.code).toBe('IMPORT_NOT_FOUND');
    }
    const commit = await h.as(other.token).post(`/pilot/v1/imports/${id}/commit`).expect(404);
    expect(commit.body.error.code).toBe('IMPORT_NOT_FOUND');
    expect(await written(h, other.id)).toEqual({ events: 0, flights: 0 });
  });

  it('bad choices: 400 INVALID_REQUEST with a detail each, the earlier choices kept', async () => {
    const pilot = h.pilot();
    const up = await upload(h, pilot.token, fixture('myflightbook.csv')).expect(201);
    const id = up.body.data.import_id as string;
    const res = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${id}/choices`)
      .send({ date_order: 'ydm', time_unit: 3, colour: 'red', aircraft: { N172AB: { category: 'jet' } } })
      .expect(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(
      ['aircraft.N172AB.category', 'colour', 'date_order', 'time_unit'].sort(),
    );
    const { rows } = await h.sql.query('select choices from pending_imports where import_id = $1', [id]);
    expect(rows[0].choices).toEqual({});
  });

  it('aircraft choices for a pft file, or for an aircraft a file lacks: 400 not_allowed, not_in_file; nothing saved', async () => {
    const pilot = h.pilot();
    const choose = async (file: string, aircraft: Record<string, unknown>) => {
      const id = (await upload(h, pilot.token, fixture(file)).expect(201)).body.data.import_id as string;
      const res = await h
        .as(pilot.token)
        .put(`/pilot/v1/imports/${id}/choices`)
        // A choice of its own besides, valid for the file: saved with the rest, or not at all.
        .send({
          ...(file === 'pft.csv' ? { unused_columns_to_remarks: true } : { date_order: 'dmy' }),
          aircraft,
        })
        .expect(400);
      const { rows } = await h.sql.query('select choices from pending_imports where import_id = $1', [id]);
      return { code: res.body.error.code, details: res.body.error.details, saved: rows[0].choices };
    };
    const airplane = { category: 'airplane' };
    expect(await choose('pft.csv', { 'D-EABC': airplane })).toEqual({
      code: 'INVALID_REQUEST',
      details: [
        {
          field: 'aircraft.D-EABC',
          issue: 'not_allowed',
          message: 'cannot be chosen: the rows of a pft file name their own aircraft',
        },
      ],
      saved: {},
    });
    expect(await choose('myflightbook.csv', { 'N-NOT-HERE': airplane })).toEqual({
      code: 'INVALID_REQUEST',
      details: [
        { field: 'aircraft.N-NOT-HERE', issue: 'not_in_file', message: 'names no aircraft of this file' },
      ],
      saved: {},
    });
  });

  it('choices the file cannot take, a field that is not a column, an unknown rating: 400, a detail each; nothing saved', async () => {
    const pilot = h.pilot();
    const refused = async (file: string, body: Record<string, unknown>) => {
      const id = (await upload(h, pilot.token, fixture(file)).expect(201)).body.data.import_id as string;
      const res = await h.as(pilot.token).put(`/pilot/v1/imports/${id}/choices`).send(body).expect(400);
      const { rows } = await h.sql.query('select choices from pending_imports where import_id = $1', [id]);
      expect(rows[0].choices).toEqual({});
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      return (res.body.error.details as { field: string; issue: string }[]).map((d) => [d.field, d.issue]);
    };
    expect(await refused('foreflight-current.csv', { time_unit: 'minutes', date_order: 'dmy' })).toEqual([
      ['date_order', 'not_allowed'],
      ['time_unit', 'not_allowed'],
    ]);
    expect(await refused('myflightbook.csv', { date_order: 'dmy', columns: { date: 'Date' } })).toEqual([
      ['columns', 'not_allowed'],
    ]);
    expect(
      await refused('columns-logten.tsv', {
        columns: { date: 'Date', departure_time: 'Out' },
        aircraft: { N172AB: { category: 'airplane', rating_key: 'sep_lnd' } },
      }),
    ).toEqual([
      ['aircraft.N172AB.rating_key', 'unknown_rating'],
      ['columns.departure_time', 'unknown_field'],
    ]);
  });

  it('an unknown format, an unlisted content type, no token: 400, 415, 401; nothing kept', async () => {
    const pilot = h.pilot();
    const bad = await upload(h, pilot.token, fixture('pft.csv'), 'text/csv', '?format=excel').expect(400);
    expect(bad.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [expect.objectContaining({ field: 'format' })],
    });
    const json = await upload(h, pilot.token, '{"flights": []}', 'application/json').expect(415);
    expect(json.body.error.code).toBe('UNSUPPORTED_FILE');
    expect(json.body.meta.request_id).toMatch(/^req_/);
    await h.http().post('/pilot/v1/imports').set('Content-Type', 'text/csv').send('date\n').expect(401);
    const kept = await h.sql.query('select 1 from pending_imports where pilot_account_id = $1', [pilot.id]);
    expect(kept.rows).toHaveLength(0);
  });
});
