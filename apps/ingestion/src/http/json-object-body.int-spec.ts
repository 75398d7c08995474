import { randomUUID } from 'node:crypto';
import { pftFile, upload } from '../../../../test/import/import-support';
import {
  flightBody,
  ingestionSuite,
  pilotSnapshot,
  type PilotRequests,
} from '../../../../test/ingestion/support/ingestion-harness';

/** The detail every pilot app route gives a body that is not a JSON object. */
const NOT_AN_OBJECT = { field: '(body)', issue: 'wrong_type', message: 'must be a JSON object' };

/** JSON bodies that are not objects, as sent. */
const NOT_OBJECTS = ['null', '[]', '[{}]', '1', '"x"', 'true'];

/** What the pilot app API answers a body of JSON that is not an object, on every route that reads a body. */
describe('pilot app API: a body that is not a JSON object, on a real app and database', () => {
  const h = ingestionSuite();

  const ROUTES: [string, keyof PilotRequests, (importId: string) => string][] = [
    ['POST /pilot/v1/linking-codes', 'post', () => '/pilot/v1/linking-codes'],
    ['POST /pilot/v1/flights', 'post', () => '/pilot/v1/flights'],
    ['PUT /pilot/v1/flights/{flight_id}', 'put', () => `/pilot/v1/flights/${randomUUID()}`],
    ['POST /pilot/v1/flights/import', 'post', () => '/pilot/v1/flights/import'],
    ['PUT /pilot/v1/starting-totals', 'put', () => '/pilot/v1/starting-totals'],
    [
      'PUT /pilot/v1/connections/{connection_id}/sharing',
      'put',
      () => `/pilot/v1/connections/${randomUUID()}/sharing`,
    ],
    ['PUT /pilot/v1/imports/{import_id}/choices', 'put', (id) => `/pilot/v1/imports/${id}/choices`],
  ];

  it.each(ROUTES)(
    '%s: 400 INVALID_REQUEST, (body) wrong_type, nothing recorded',
    async (_route, method, path) => {
      const pilot = h.pilot();
      const uploaded = await upload(h, pilot.token, pftFile(2)).expect(201);
      const importId = uploaded.body.data.import_id as string;
      const before = await pilotSnapshot(h.sql, pilot.id);
      const viewed = () => h.as(pilot.token).get(`/pilot/v1/imports/${importId}`).expect(200);
      const viewBefore = (await viewed()).body.data;
      for (const body of NOT_OBJECTS) {
        const res = await h
          .as(pilot.token)
          [method](path(importId))
          .set('Content-Type', 'application/json')
          .send(body);
        expect({ body, status: res.status, code: res.body.error?.code }).toEqual({
          body,
          status: 400,
          code: 'INVALID_REQUEST',
        });
        expect(res.body.error.details).toEqual([NOT_AN_OBJECT]);
        expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
      }
      expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
      // The import's choices are as they were.
      expect((await viewed()).body.data).toEqual(viewBefore);
    },
  );

  it('a linking code still takes no body, or an object: JSON null is not taken for no body', async () => {
    const pilot = h.pilot();
    await h.as(pilot.token).post('/pilot/v1/linking-codes').expect(201);
    await h.as(pilot.token).post('/pilot/v1/linking-codes').send({}).expect(201);
    await h.as(pilot.token).post('/pilot/v1/linking-codes').send({ share_experience: true }).expect(201);
    const { rows } = await h.sql.query(
      'select count(*)::int as n from linking_codes where pilot_account_id = $1',
      [pilot.id],
    );
    expect(rows[0].n).toBe(3);
  });

  it('choices sent without a body are refused with the same detail', async () => {
    const pilot = h.pilot();
    const uploaded = await upload(h, pilot.token, pftFile(2)).expect(201);
    const res = await h
      .as(pilot.token)
      .put(`/pilot/v1/imports/${uploaded.body.data.import_id}/choices`)
      .expect(400);
    expect(res.body.error.details).toEqual([NOT_AN_OBJECT]);
  });

  it('a flight sent as an object is still recorded', async () => {
    const pilot = h.pilot();
    await h.as(pilot.token).post('/pilot/v1/flights').send(flightBody()).expect(201);
  });
});
