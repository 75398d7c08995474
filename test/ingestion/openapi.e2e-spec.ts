import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type Response } from 'supertest';
import { serializeOpenApi } from '@pft/infrastructure';
import { buildPilotAppOpenApi } from '../../apps/ingestion/src/openapi/pilot-app.openapi';
import { bearer, flightBody, startIngestion, type IngestionHarness } from './support/ingestion-harness';

const CHECKED_IN = join(__dirname, '..', '..', 'docs', 'pilot-app-openapi.json');

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};

describe('pilot app API: its OpenAPI description (e2e)', () => {
  let h: IngestionHarness;
  let paths: Record<string, Record<string, Operation>>;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    h = await startIngestion();
    paths = (await h.http().get('/openapi.json')).body.paths;
  });
  afterAll(() => h.close());

  /** Checks an answer against what the description says of this operation and status. */
  const expectDescribed = (path: string, method: string, res: Response): void => {
    const described = paths[path]?.[method]?.responses[String(res.status)];
    expect({ path, method, status: res.status, described: described !== undefined }).toEqual({
      path,
      method,
      status: res.status,
      described: true,
    });
    const schema = described?.content?.['application/json']?.schema;
    if (res.status === 204) {
      expect(schema).toBeUndefined();
      return;
    }
    expect(schema).toBeDefined();
    const valid = ajv.validate(schema!, res.body);
    expect({ path, method, status: res.status, errors: ajv.errorsText(ajv.errors) }).toEqual({
      path,
      method,
      status: res.status,
      errors: 'No errors',
    });
    expect(valid).toBe(true);
  };

  it('is served at /openapi.json with a page at /docs, listing every endpoint of the contract', async () => {
    const doc = await h.http().get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.body.paths).sort()).toEqual([
      '/pilot/v1/connections',
      '/pilot/v1/connections/{connection_id}',
      '/pilot/v1/flights',
      '/pilot/v1/flights/import',
      '/pilot/v1/flights/{flight_id}',
      '/pilot/v1/linking-codes',
      '/pilot/v1/starting-totals',
      '/pilot/v1/totals',
    ]);
    const page = await h.http().get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/openapi.json');
  });

  it('describes what the endpoints really answer, success and error alike', async () => {
    const pilot = h.pilot();
    const as = bearer(pilot.token);
    const flight = flightBody();
    expectDescribed(
      '/pilot/v1/flights',
      'post',
      await h
        .http()
        .post('/pilot/v1/flights')
        .set(...as)
        .send(flight),
    );
    expectDescribed(
      '/pilot/v1/flights',
      'post',
      await h
        .http()
        .post('/pilot/v1/flights')
        .set(...as)
        .send(flight),
    );
    expectDescribed(
      '/pilot/v1/flights',
      'post',
      await h
        .http()
        .post('/pilot/v1/flights')
        .set(...as)
        .send({ ...flight, remarks: 'changed' }),
    );
    expectDescribed(
      '/pilot/v1/flights',
      'post',
      await h
        .http()
        .post('/pilot/v1/flights')
        .set(...as)
        .send({ flight_id: 'x' }),
    );
    expectDescribed('/pilot/v1/flights', 'post', await h.http().post('/pilot/v1/flights').send(flight));
    expectDescribed(
      '/pilot/v1/flights/{flight_id}',
      'put',
      await h
        .http()
        .put(`/pilot/v1/flights/${String(flight.flight_id)}`)
        .set(...as)
        .send({ ...flight, departure: 'EDDM' }),
    );
    expectDescribed(
      '/pilot/v1/flights',
      'get',
      await h
        .http()
        .get('/pilot/v1/flights?limit=1')
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/flights',
      'get',
      await h
        .http()
        .get('/pilot/v1/flights?limit=0')
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/flights/import',
      'post',
      await h
        .http()
        .post('/pilot/v1/flights/import')
        .set(...as)
        .send({ flights: [flightBody(), flightBody({ kind: 'simulator' })] }),
    );
    expectDescribed(
      '/pilot/v1/flights/import',
      'post',
      await h
        .http()
        .post('/pilot/v1/flights/import')
        .set(...as)
        .send({ flights: [flightBody()] }),
    );
    expectDescribed(
      '/pilot/v1/starting-totals',
      'put',
      await h
        .http()
        .put('/pilot/v1/starting-totals')
        .set(...as)
        .send({ totals: { pic_minutes: 60 }, flight_count: 2 }),
    );
    expectDescribed(
      '/pilot/v1/totals',
      'get',
      await h
        .http()
        .get('/pilot/v1/totals')
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/linking-codes',
      'post',
      await h
        .http()
        .post('/pilot/v1/linking-codes')
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/connections',
      'get',
      await h
        .http()
        .get('/pilot/v1/connections')
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/connections/{connection_id}',
      'delete',
      await h
        .http()
        .delete(`/pilot/v1/connections/${String(flight.flight_id)}`)
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/flights/{flight_id}',
      'delete',
      await h
        .http()
        .delete(`/pilot/v1/flights/${String(flight.flight_id)}`)
        .set(...as),
    );
    expectDescribed(
      '/pilot/v1/flights/{flight_id}',
      'delete',
      await h
        .http()
        .delete(`/pilot/v1/flights/${String(flight.flight_id)}`)
        .set(...as),
    );
  });

  it('matches the checked-in docs/pilot-app-openapi.json (regenerate: node dist/apps/ingestion/src/openapi/write-pilot-app-openapi.js)', () => {
    expect(readFileSync(CHECKED_IN, 'utf8')).toBe(serializeOpenApi(buildPilotAppOpenApi(h.app)));
  });
});
