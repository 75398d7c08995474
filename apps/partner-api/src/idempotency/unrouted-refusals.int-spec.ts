import { randomUUID } from 'node:crypto';
import { bearer, expectError } from '../../../../test/partner-api/partner-api.expectations';
import { partnerApiSuite } from '../../../../test/partner-api/partner-api.harness';

/**
 * A POST no route takes, on the partner API over Postgres and Redis: its 404 or 405 (or the 400 of its
 * body) is a first answer under its Idempotency-Key, kept and given again, as every answer but 401,
 * 429 and 5xx is.
 */
describe('Idempotency-Key on a POST no route takes', () => {
  const suite = partnerApiSuite();

  const post = (path: string, idempotencyKey: string | undefined, body = '{}', type = 'application/json') => {
    const req = suite.api.http().post(path).set(bearer(suite.partner.key)).set('Content-Type', type);
    if (idempotencyKey !== undefined) void req.set('Idempotency-Key', idempotencyKey);
    return req.send(body);
  };
  const kept = (key: string) =>
    suite.api.db.query<{ status: number | null }[]>(
      `select response_status as status from idempotency_keys where partner_id = $1 and idempotency_key = $2`,
      [suite.partner.partnerId, key],
    );

  it('keeps the 404 of an unknown path under /v1/ and gives it again; another body is 409', async () => {
    const key = randomUUID();
    const first = await post('/v1/no-such-endpoint', key);
    expectError(first, 404, 'NOT_FOUND');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await kept(key)).toEqual([{ status: 404 }]);
    const again = await post('/v1/no-such-endpoint', key);
    expectError(again, 404, 'NOT_FOUND');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error).toEqual(first.body.error);
    expect(again.headers['ratelimit-limit']).toBe('1000');
    const other = await post('/v1/no-such-endpoint', key, '{"other":true}');
    expectError(other, 409, 'IDEMPOTENCY_CONFLICT');
    expect(other.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'reused' }]);
  });

  it('keeps the 405 of a POST on a GET path with its Allow header, and gives both again', async () => {
    const key = randomUUID();
    const first = await post('/v1/pilot-totals', key);
    expectError(first, 405, 'METHOD_NOT_ALLOWED');
    expect(first.headers.allow).toMatch(/GET/);
    expect(await kept(key)).toEqual([{ status: 405 }]);
    const again = await post('/v1/pilot-totals', key);
    expectError(again, 405, 'METHOD_NOT_ALLOWED');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.allow).toBe(first.headers.allow);
    expect(again.body.error).toEqual(first.body.error);
    // The key is that request's: a POST of a route under it is another request.
    expectError(await post('/v1/link', key, '{"linking_token":"x"}'), 409, 'IDEMPOTENCY_CONFLICT');
  });

  it('keeps the 400 of a body that is not JSON on an unknown path', async () => {
    const key = randomUUID();
    const first = await post('/v1/no-such-endpoint', key, '{"broken":');
    expectError(first, 400, 'INVALID_REQUEST');
    const again = await post('/v1/no-such-endpoint', key, '{"broken":');
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([400, 'true']);
  });

  it('keeps nothing without a key, or for a key that is not one, or for a path outside /v1/', async () => {
    expectError(await post('/v1/no-such-endpoint', undefined), 404, 'NOT_FOUND');
    const unkept = randomUUID();
    expectError(await post('/v2/pilot-totals', unkept), 404, 'NOT_FOUND');
    expect(await kept(unkept)).toEqual([]);
    expectError(await post('/v1/no-such-endpoint', 'x'.repeat(256)), 404, 'NOT_FOUND');
  });
});
