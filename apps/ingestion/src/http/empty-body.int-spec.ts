import { pftFile, upload } from '../../../../test/import/import-support';
import { flightBody, ingestionSuite } from '../../../../test/ingestion/support/ingestion-harness';

/**
 * Many client libraries send `Content-Type: application/json` on a POST that has no body. A route whose
 * body is absent or optional takes such an empty body as no body; a route that needs one refuses it.
 */
describe('pilot app API: an empty body under a JSON content type, on a real app and database', () => {
  const h = ingestionSuite();

  it('POST /pilot/v1/linking-codes: an empty body is no body, the code shares the totals only', async () => {
    const pilot = h.pilot();
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await h.as(pilot.token).post('/pilot/v1/linking-codes').set('Content-Type', type).send('');
      expect({ type, status: res.status, body: res.body.error ?? null }).toEqual({
        type,
        status: 201,
        body: null,
      });
      expect(res.body.data.linking_token).toEqual(expect.any(String));
    }
    const { rows } = await h.sql.query(
      'select share_experience from linking_codes where pilot_account_id = $1',
      [pilot.id],
    );
    expect(rows).toEqual([{ share_experience: false }, { share_experience: false }]);
  });

  it('POST /pilot/v1/imports/{import_id}/commit: an empty body is no body', async () => {
    const pilot = h.pilot();
    const uploaded = await upload(h, pilot.token, pftFile(2)).expect(201);
    const res = await h
      .as(pilot.token)
      .post(`/pilot/v1/imports/${uploaded.body.data.import_id}/commit`)
      .set('Content-Type', 'application/json')
      .send('')
      .expect(200);
    expect(res.body.data).toMatchObject({ recorded: 2 });
  });

  it('a route that needs a body still refuses an empty one, and a linking code a broken one', async () => {
    const pilot = h.pilot();
    const empty = await h
      .as(pilot.token)
      .post('/pilot/v1/flights')
      .set('Content-Type', 'application/json')
      .send('')
      .expect(400);
    expect(empty.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: 'The request body is empty' });
    const broken = await h
      .as(pilot.token)
      .post('/pilot/v1/linking-codes')
      .set('Content-Type', 'application/json')
      .send('{')
      .expect(400);
    expect(broken.body.error.code).toBe('INVALID_REQUEST');
    // And the flight is recorded once sent.
    await h.as(pilot.token).post('/pilot/v1/flights').send(flightBody()).expect(201);
  });
});
