import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type Response } from 'supertest';
import { serializeOpenApi } from '@pft/platform/http/openapi-docs';
import { descriptionProblems, expectDocsPage, type OpenApiDocument } from '@pft/testing/openapi-description';
import { waitFor } from '@pft/testing';
import { buildPilotAppOpenApi } from '../../apps/ingestion/src/openapi/pilot-app.openapi';
import { flightBody, ingestionSuite } from './support/ingestion-harness';

const CHECKED_IN = join(__dirname, '..', '..', 'docs', 'pilot-app-openapi.json');

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};

describe('pilot app API: its OpenAPI description (e2e)', () => {
  const h = ingestionSuite();
  let doc: OpenApiDocument;
  let paths: Record<string, Record<string, Operation>>;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    doc = (await h.http().get('/openapi.json')).body;
    paths = doc.paths as unknown as Record<string, Record<string, Operation>>;
  });

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
    // The schema's `$ref`s point into the document's components.
    const valid = ajv.validate({ components: doc.components, allOf: [schema] }, res.body);
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
      '/pilot/v1/access-history',
      '/pilot/v1/account',
      '/pilot/v1/connections',
      '/pilot/v1/connections/{connection_id}',
      '/pilot/v1/connections/{connection_id}/sharing',
      '/pilot/v1/experience',
      '/pilot/v1/export',
      '/pilot/v1/export.csv',
      '/pilot/v1/flights',
      '/pilot/v1/flights/import',
      '/pilot/v1/flights/{flight_id}',
      '/pilot/v1/imports',
      '/pilot/v1/imports/{import_id}',
      '/pilot/v1/imports/{import_id}/choices',
      '/pilot/v1/imports/{import_id}/commit',
      '/pilot/v1/linking-codes',
      '/pilot/v1/starting-totals',
      '/pilot/v1/totals',
    ]);
    await expectDocsPage((path) => h.http().get(path));
  });

  it('describes what the endpoints really answer, success and error alike', async () => {
    const pilot = h.pilot();
    const flight = flightBody();
    const flightPath = `/pilot/v1/flights/${String(flight.flight_id)}`;
    // [described path, method, path sent, body]: a success and, where the contract has one, an error.
    const requests: [string, 'get' | 'post' | 'put' | 'delete', string, object?][] = [
      ['/pilot/v1/flights', 'post', '/pilot/v1/flights', flight],
      ['/pilot/v1/flights', 'post', '/pilot/v1/flights', flight],
      ['/pilot/v1/flights', 'post', '/pilot/v1/flights', { ...flight, remarks: 'changed' }],
      ['/pilot/v1/flights', 'post', '/pilot/v1/flights', { flight_id: 'x' }],
      ['/pilot/v1/flights/{flight_id}', 'put', flightPath, { ...flight, departure: 'EDDM' }],
      ['/pilot/v1/flights', 'get', '/pilot/v1/flights?limit=1'],
      ['/pilot/v1/flights', 'get', '/pilot/v1/flights?limit=0'],
      [
        '/pilot/v1/flights/import',
        'post',
        '/pilot/v1/flights/import',
        { flights: [flightBody(), flightBody({ kind: 'simulator' })] },
      ],
      ['/pilot/v1/flights/import', 'post', '/pilot/v1/flights/import', { flights: [flightBody()] }],
      ['/pilot/v1/starting-totals', 'put', '/pilot/v1/starting-totals', { totals: { pic_minutes: 60 } }],
      ['/pilot/v1/totals', 'get', '/pilot/v1/totals'],
      ['/pilot/v1/linking-codes', 'post', '/pilot/v1/linking-codes'],
      ['/pilot/v1/connections', 'get', '/pilot/v1/connections'],
      [
        '/pilot/v1/connections/{connection_id}',
        'delete',
        `/pilot/v1/connections/${String(flight.flight_id)}`,
      ],
      ['/pilot/v1/flights/{flight_id}', 'delete', flightPath],
      ['/pilot/v1/flights/{flight_id}', 'delete', flightPath],
      ['/pilot/v1/account', 'get', '/pilot/v1/account'],
      // Last: the pilot's account is erased.
      ['/pilot/v1/account', 'delete', '/pilot/v1/account'],
    ];
    for (const [described, method, path, body] of requests) {
      const req = h.as(pilot.token)[method](path);
      expectDescribed(described, method, await (body === undefined ? req : req.send(body)));
    }
    // Without a token: 401, as every operation describes.
    expectDescribed('/pilot/v1/flights', 'post', await h.http().post('/pilot/v1/flights').send(flight));
  });

  it('lists each operation once, under one declared tag, with a summary, a description and valid examples of every body and error', () => {
    expect(doc.tags?.map((tag) => tag.name)).toEqual([
      'flights',
      'imports',
      'starting totals',
      'totals',
      'consent',
      'privacy',
      'account',
    ]);
    expect(descriptionProblems(doc)).toEqual([]);
    const record = doc.paths['/pilot/v1/flights']!.post!;
    expect(record.tags).toEqual(['flights']);
    expect(record.requestBody?.content?.['application/json']?.examples).toBeDefined();
    // The checks can fail: an undeclared second tag and an error example of another status are found.
    const broken = structuredClone(doc);
    broken.paths['/pilot/v1/totals']!.get!.tags = ['totals', 'GetTotals'];
    const conflict = broken.paths['/pilot/v1/flights']!.post!.responses['409']!.content!['application/json']!;
    (Object.values(conflict.examples!)[0]!.value as { error: { code: string } }).error.code =
      'INVALID_REQUEST';
    expect(descriptionProblems(broken)).toEqual([
      'POST /pilot/v1/flights 409: example code INVALID_REQUEST is not answered with 409',
      'GET /pilot/v1/totals: 2 tags, not one',
      'GET /pilot/v1/totals: tag GetTotals is not declared',
    ]);
  });

  it('shows as error examples what the API really answers', async () => {
    const pilot = h.pilot();
    /** The `error` of a described example. */
    const described = (path: string, method: string, status: number, name: string): unknown => {
      const media = doc.paths[path]![method]!.responses[String(status)]!.content!['application/json']!;
      return (media.examples![name]!.value as { error: unknown }).error;
    };
    const noToken = await h.http().get('/pilot/v1/totals');
    expect(noToken.body.error).toEqual(described('/pilot/v1/totals', 'get', 401, 'UNAUTHORIZED_1'));
    const unknown = await h.as(pilot.token).delete(`/pilot/v1/flights/${String(flightBody().flight_id)}`);
    expect(unknown.body.error).toEqual(
      described('/pilot/v1/flights/{flight_id}', 'delete', 404, 'FLIGHT_NOT_FOUND'),
    );
    const badLimit = await h.as(pilot.token).get('/pilot/v1/flights?limit=0');
    expect(badLimit.body.error).toEqual(described('/pilot/v1/flights', 'get', 400, 'INVALID_REQUEST'));
    // An erasure under way (held by a worker for an hour, so it stays under way while asked).
    const erasing = h.pilot();
    await h.sql.query(
      `insert into account_erasures (pilot_account_id, claimed_until) values ($1, now() + interval '1 hour')`,
      [erasing.id],
    );
    // The app reads pending erasures every second.
    const gone = await waitFor(
      async () => {
        const answer = await h.as(erasing.token).get('/pilot/v1/totals');
        return answer.status === 410 ? answer : undefined;
      },
      10_000,
      'the erasure seen',
      100,
    );
    expect(gone.body.error).toEqual(described('/pilot/v1/totals', 'get', 410, 'ACCOUNT_ERASED'));
  });

  it('names its schemas for the domain and describes the pilot token', () => {
    const components = doc.components as { schemas: object; securitySchemes: Record<string, object> };
    expect(Object.keys(components.schemas).sort()).toEqual([
      'AccessHistory',
      'AccountStatus',
      'Connection',
      'ConnectionList',
      'Error',
      'ErrorDetail',
      'ErrorResponse',
      'Flight',
      'FlightImport',
      'FlightImportResult',
      'FlightInput',
      'FlightPage',
      'Import',
      'ImportChoices',
      'ImportCommitResult',
      'LinkingCode',
      'LinkingCodeRequest',
      'Meta',
      'OwnExperience',
      'OwnTotals',
      'PilotExport',
      'SharingRequest',
      'StartingTotals',
      'StartingTotalsInput',
    ]);
    expect(components.securitySchemes['pilot-jwt']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('matches the checked-in docs/pilot-app-openapi.json (regenerate: node dist/apps/ingestion/src/openapi/write-pilot-app-openapi.js)', () => {
    expect(readFileSync(CHECKED_IN, 'utf8')).toBe(serializeOpenApi(buildPilotAppOpenApi(h.app)));
  });
});
