import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeOpenApi } from '@pft/platform/http/openapi-docs';
import { descriptionProblems, expectDocsPage, type OpenApiDocument } from '@pft/testing/openapi-description';
import { buildOpenApiDocument } from '../../apps/partner-api/src/openapi/openapi.document';
import { bearer, expectError } from './partner-api.expectations';
import { partnerWithKey } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

const CHECKED_IN = join(__dirname, '..', '..', 'docs', 'openapi.json');

describe('partner API: envelope on every answer, and the OpenAPI description', () => {
  let api: PartnerApiUnderTest;

  beforeAll(async () => {
    api = await startPartnerApi();
  });
  afterAll(() => api.close());

  it('answers an unknown path 404 NOT_FOUND in the envelope for a valid key, and 401 under /v1/ without one', async () => {
    const partner = await partnerWithKey(api.db);
    expectError(await api.http().get('/v1/pilot').set(bearer(partner.key)), 404, 'NOT_FOUND');
    expectError(await api.http().get('/v2/pilot-totals').set(bearer(partner.key)), 404, 'NOT_FOUND');
    // Authentication comes first on every request: a path is not looked up for a caller without a key.
    const noKey = await api.http().get('/v1/pilot');
    expectError(noKey, 401, 'UNAUTHORIZED');
    expect(noKey.headers['www-authenticate']).toBe('Bearer');
    // A path outside /v1/ is none of the API's: 404 to anyone, its key not looked at.
    expectError(await api.http().get('/v2/pilot-totals'), 404, 'NOT_FOUND');
    const otherVersion = await api.http().get('/v2/pilot-totals').set(bearer(partner.key));
    expect(otherVersion.headers['ratelimit-limit']).toBeUndefined();
  });

  it.each([
    ['GET', '/v1/link', 'POST'],
    ['DELETE', '/v1/pilot-totals', 'GET'],
    ['POST', '/v1/pilot-totals/batch', 'GET'],
    ['PUT', '/v1/rating-dictionary', 'GET'],
  ])(
    'answers %s %s 405 METHOD_NOT_ALLOWED with Allow: %s, and 401 before it without a key',
    async (method, path, allow) => {
      const partner = await partnerWithKey(api.db);
      const send = () => api.http()[method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](path);
      const res = await send().set(bearer(partner.key));
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe(allow);
      const noKey = await send();
      expectError(noKey, 401, 'UNAUTHORIZED');
      expect(noKey.headers.allow).toBeUndefined();
    },
  );

  it('gives every request its own id', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => api.http().get('/v1/nothing')));
    expect(new Set(ids.map((r): unknown => r.body.meta.request_id)).size).toBe(5);
  });

  it('answers an unexpected database failure 500 INTERNAL_ERROR without naming anything internal', async () => {
    const partner = await partnerWithKey(api.db);
    await api.db.query('alter table connections rename to connections_away');
    try {
      const res = await api
        .http()
        .get(`/v1/pilot-totals/batch?pilot_ids=${partner.partnerId}`)
        .set(bearer(partner.key));
      expectError(res, 500, 'INTERNAL_ERROR');
      expect(res.text).not.toMatch(/connections_away|relation|postgres/i);
    } finally {
      await api.db.query('alter table connections_away rename to connections');
    }
  });

  it('serves the description at /openapi.json and a page at /docs', async () => {
    const doc = await api.http().get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths).sort()).toEqual([
      '/v1/currency-rules',
      '/v1/link',
      '/v1/pilot-experience',
      '/v1/pilot-experience/batch',
      '/v1/pilot-requirements/check',
      '/v1/pilot-totals',
      '/v1/pilot-totals/batch',
      '/v1/pilots',
      '/v1/rating-dictionary',
      '/v1/sandbox/pilots/{pilot_id}/disconnect',
      '/v1/sandbox/pilots/{pilot_id}/flights',
      '/v1/sandbox/pilots/{pilot_id}/reset',
      '/v1/webhook-endpoints',
      '/v1/webhook-endpoints/{id}',
      '/v1/webhook-endpoints/{id}/deliveries',
      '/v1/webhook-endpoints/{id}/rotate-secret',
      '/v1/webhook-endpoints/{id}/test',
    ]);
    await expectDocsPage((path) => api.http().get(path));
    expect((await api.http().get('/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('documents the decisions: error body, codes, headers', async () => {
    const doc = (await api.http().get('/openapi.json')).body;
    const text = JSON.stringify(doc);
    for (const word of [
      'UNAUTHORIZED',
      'WWW-Authenticate',
      'Retry-After',
      'RateLimit-Remaining',
      'X-Request-Id',
      'INSUFFICIENT_SCOPE',
      'PILOT_NOT_FOUND',
      'INVALID_TOKEN',
      'METHOD_NOT_ALLOWED',
      'ETag',
      'If-None-Match',
      'Idempotency-Key',
      'Idempotent-Replayed',
      'IDEMPOTENCY_CONFLICT',
    ]) {
      expect(text).toContain(word);
    }
    // Every POST takes an Idempotency-Key (PartnerWriteEndpoint); no read does.
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        operation: `${method.toUpperCase()} ${path}`,
        idempotencyKey: (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
      })),
    );
    expect(operations.some((o) => o.operation.startsWith('POST '))).toBe(true);
    for (const o of operations) expect(o).toEqual({ ...o, idempotencyKey: o.operation.startsWith('POST ') });
    expect(doc.components.schemas.ErrorResponse.required).toEqual(['error', 'meta']);
    expect(doc.components.schemas.Error.required).toEqual(['code', 'message']);
    expect(Object.keys(doc.paths['/v1/pilot-totals'].get.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '500',
      '503',
    ]);
  });

  it('describes the key as what it is: an opaque pft_live_ key sent as a bearer credential, not a JWT', async () => {
    const doc = (await api.http().get('/openapi.json')).body;
    const scheme = doc.components.securitySchemes['api-key'];
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.bearerFormat).not.toMatch(/JWT/);
    expect(scheme.bearerFormat).toContain('pft_live_');
    expect(scheme.description).toMatch(/`pft_live_` followed by 32 base62 characters/);
    // As the keys the service issues are.
    expect((await partnerWithKey(api.db)).key).toMatch(/^pft_live_[0-9A-Za-z]{32}$/);
    for (const operations of Object.values<Record<string, { security: unknown }>>(doc.paths)) {
      for (const op of Object.values(operations)) expect(op.security).toEqual([{ 'api-key': [] }]);
    }
  });

  it('names its schemas for the domain', async () => {
    const doc = (await api.http().get('/openapi.json')).body;
    expect(Object.keys(doc.components.schemas).sort()).toEqual([
      'CurrencyRequirement',
      'CurrencyRules',
      'DeletedWebhookEndpoint',
      'Error',
      'ErrorDetail',
      'ErrorResponse',
      'Landings',
      'LinkRequest',
      'LinkResult',
      'LinkedPilot',
      'LinkedPilots',
      'Meta',
      'PilotExperience',
      'PilotExperienceBatch',
      'PilotTotals',
      'PilotTotalsBatch',
      'RatingDictionary',
      'RatingDictionaryEntry',
      'RequirementCheck',
      'RequirementCheckRequest',
      'SandboxDisconnected',
      'SandboxFlight',
      'SandboxReset',
      'ThresholdRequirement',
      'Totals',
      'WebhookDeliveries',
      'WebhookDelivery',
      'WebhookEndpoint',
      'WebhookEndpointRequest',
      'WebhookEndpoints',
      'WebhookTestQueued',
    ]);
    expect(
      doc.paths['/v1/pilot-totals'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      properties: { data: { $ref: '#/components/schemas/PilotTotals' } },
    });
  });

  it('lists each operation under one declared tag, with a summary, a description and valid examples of every body and error', async () => {
    const doc = (await api.http().get('/openapi.json')).body as OpenApiDocument;
    expect(doc.tags?.map((tag) => tag.name)).toEqual([
      'link',
      'pilot-totals',
      'pilots',
      'rating-dictionary',
      'pilot-experience',
      'pilot-requirements',
      'sandbox',
      'webhooks',
    ]);
    expect(descriptionProblems(doc)).toEqual([]);
    const unauthorized = (doc.paths['/v1/pilot-totals']!.get!.responses['401']!.content!['application/json']!
      .examples ?? {}) as Record<string, { value: { error: { code: string; message: string } } }>;
    expect(Object.values(unauthorized).map((e) => e.value.error.code)).toEqual(['UNAUTHORIZED']);
    // The checks can fail: a second tag, a missing example and a wrong error code are each found.
    const broken = structuredClone(doc);
    const read = broken.paths['/v1/pilot-totals']!.get!;
    read.tags = ['pilot-totals', 'undeclared'];
    delete read.responses['200']!.content!['application/json']!.example;
    const notFound = read.responses['404']!.content!['application/json']!.examples!;
    (Object.values(notFound)[0]!.value as { error: { code: string } }).error.code = 'RATE_LIMITED';
    expect(descriptionProblems(broken)).toEqual([
      'GET /v1/pilot-totals: 2 tags, not one',
      'GET /v1/pilot-totals: tag undeclared is not declared',
      'GET /v1/pilot-totals 200: no example',
      'GET /v1/pilot-totals 404: example code RATE_LIMITED is not answered with 404',
    ]);
  });

  it('shows as error examples what the API really answers', async () => {
    const doc = (await api.http().get('/openapi.json')).body as OpenApiDocument;
    /** The `error` of the described example of `code` at this operation and status. */
    const described = (path: string, status: number, name: string): unknown => {
      const examples =
        doc.paths[path]!.get!.responses[String(status)]!.content!['application/json']!.examples!;
      return (examples[name]!.value as { error: unknown }).error;
    };
    const partner = await partnerWithKey(api.db); // scope pilot-totals only
    const cases: [string, number, string, string, Record<string, string>][] = [
      ['/v1/pilot-totals', 401, 'UNAUTHORIZED', '/v1/pilot-totals?pilot_id=x', {}],
      ['/v1/pilot-totals', 400, 'INVALID_REQUEST', '/v1/pilot-totals?pilot_id=x', bearer(partner.key)],
      ['/v1/rating-dictionary', 403, 'INSUFFICIENT_SCOPE', '/v1/rating-dictionary', bearer(partner.key)],
    ];
    for (const [path, status, name, url, headers] of cases) {
      const res = await api.http().get(url).set(headers);
      expect({ url, status: res.status, error: res.body.error }).toEqual({
        url,
        status,
        error: described(path, status, name),
      });
    }
  });

  it('matches the checked-in docs/openapi.json (regenerate: node dist/apps/partner-api/src/openapi/write-openapi.js)', () => {
    expect(readFileSync(CHECKED_IN, 'utf8')).toBe(serializeOpenApi(buildOpenApiDocument(api.app)));
  });
});
