import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeOpenApi } from '@pft/infrastructure';
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

  it('answers an unknown path 404 NOT_FOUND in the envelope, with or without a key', async () => {
    const partner = await partnerWithKey(api.db);
    expectError(await api.http().get('/v1/pilots'), 404, 'NOT_FOUND');
    expectError(await api.http().get('/v2/pilot-totals').set(bearer(partner.key)), 404, 'NOT_FOUND');
  });

  it.each([
    ['GET', '/v1/link', 'POST'],
    ['DELETE', '/v1/pilot-totals', 'GET, HEAD'],
    ['POST', '/v1/pilot-totals/batch', 'GET, HEAD'],
    ['PUT', '/v1/rating-dictionary', 'GET, HEAD'],
  ])('answers %s %s 405 METHOD_NOT_ALLOWED with Allow: %s', async (method, path, allow) => {
    const res = await api.http()[method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](path);
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe(allow);
  });

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
      '/v1/link',
      '/v1/pilot-totals',
      '/v1/pilot-totals/batch',
      '/v1/rating-dictionary',
    ]);
    const page = await api.http().get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/openapi.json');
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
    ]) {
      expect(text).toContain(word);
    }
    expect(doc.components.schemas.ErrorEnvelopeDto.required).toEqual(['error', 'meta']);
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

  it('matches the checked-in docs/openapi.json (regenerate: node dist/apps/partner-api/src/openapi/write-openapi.js)', () => {
    expect(readFileSync(CHECKED_IN, 'utf8')).toBe(serializeOpenApi(buildOpenApiDocument(api.app)));
  });
});
