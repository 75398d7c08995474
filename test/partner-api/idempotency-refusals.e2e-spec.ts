import { randomUUID } from 'node:crypto';
import { DRAINED_AT_MOST } from '@pft/platform/http/request-body';
import { bearer, expectError } from './partner-api.expectations';
import { keyFor, linkingCode, partnerWithKey, sandboxKeyFor } from './partner-api.factories';
import { partnerApiSuite } from './partner-api.harness';

/** The refusals given before a POST's handler (sandbox, scope, body) are first answers under its key too. */
describe('Idempotency-Key on the refusals of a POST before its handler', () => {
  const suite = partnerApiSuite();

  const post = (
    key: string,
    path: string,
    idempotencyKey: string | undefined,
    type: string,
    body: string,
  ) => {
    const req = suite.api.http().post(path).set(bearer(key)).set('Content-Type', type);
    if (idempotencyKey !== undefined) void req.set('Idempotency-Key', idempotencyKey);
    return req.send(body);
  };
  const storedKeys = async (partnerId: string, key: string): Promise<number> => {
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from idempotency_keys where partner_id = $1 and idempotency_key = $2',
      [partnerId, key],
    );
    return n as number;
  };
  const hook = JSON.stringify({ url: 'https://hooks.example.com/pft' });
  const endpointsOf = async (partnerId: string): Promise<number> => {
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from webhook_endpoints where partner_id = $1',
      [partnerId],
    );
    return n as number;
  };

  it.each([
    ['not JSON', 'application/json', '{"linking_token":', 'invalid_json'],
    ['over 1 KB', 'application/json', JSON.stringify({ linking_token: 'x'.repeat(2000) }), 'too_large'],
    ['an unknown media type', 'application/xml', '<linking_token/>', 'unsupported_media_type'],
    ['a form', 'application/x-www-form-urlencoded', 'linking_token=PFT', 'unsupported_media_type'],
    ['plain text', 'text/plain', 'PFT-0000-0000-0000-0000', 'unsupported_media_type'],
  ])('keeps the 400 of a body that is %s, and gives it again', async (_what, type, body, issue) => {
    const key = randomUUID();
    const first = await post(suite.partner.key, '/v1/link', key, type, body);
    expectError(first, 400, 'INVALID_REQUEST');
    expect(first.body.error.details).toEqual([expect.objectContaining({ field: 'body', issue })]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedKeys(suite.partner.partnerId, key)).toBe(1);
    const again = await post(suite.partner.key, '/v1/link', key, type, body);
    expectError(again, 400, 'INVALID_REQUEST');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error).toEqual(first.body.error);
    expect(again.body.meta.request_id).not.toBe(first.body.meta.request_id);
    // The key is the refused request's: a readable body under it is another request.
    const { code } = await linkingCode(suite.api.db);
    const other = await post(
      suite.partner.key,
      '/v1/link',
      key,
      'application/json',
      JSON.stringify({ linking_token: code }),
    );
    expectError(other, 409, 'IDEMPOTENCY_CONFLICT');
    expect(other.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'reused' }]);
  });

  it('compares bodies over the limit byte for byte, as they were read to their end', async () => {
    const key = randomUUID();
    const large = JSON.stringify({ linking_token: 'x'.repeat(2000) });
    expectError(
      await post(suite.partner.key, '/v1/link', key, 'application/json', large),
      400,
      'INVALID_REQUEST',
    );
    const same = await post(suite.partner.key, '/v1/link', key, 'application/json', large);
    expect(same.headers['idempotent-replayed']).toBe('true');
    const otherLarge = JSON.stringify({ linking_token: 'y'.repeat(2000) });
    expectError(
      await post(suite.partner.key, '/v1/link', key, 'application/json', otherLarge),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
  });

  it('keeps nothing of a body cut off unread (past what is drained, the connection closed)', async () => {
    const key = randomUUID();
    const res = await suite.api.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/v1/link',
        headers: {
          ...bearer(suite.partner.key),
          'content-type': 'application/json',
          'content-length': String(DRAINED_AT_MOST + 1),
          'idempotency-key': key,
        },
        payload: '{}',
      });
    expect(res.statusCode).toBe(400);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedKeys(suite.partner.partnerId, key)).toBe(0);
  });

  it('keeps the 403 of a missing scope and gives it again, even once the scope is there', async () => {
    const partner = await partnerWithKey(suite.api.db, { scopes: ['pilot-totals'] });
    const key = randomUUID();
    const first = await post(partner.key, '/v1/webhook-endpoints', key, 'application/json', hook);
    expectError(first, 403, 'INSUFFICIENT_SCOPE');
    expect(await storedKeys(partner.partnerId, key)).toBe(1);
    const again = await post(partner.key, '/v1/webhook-endpoints', key, 'application/json', hook);
    expectError(again, 403, 'INSUFFICIENT_SCOPE');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error).toEqual(first.body.error);
    // The first answer stands for the same request, whichever key of the partner sends it.
    const scoped = await keyFor(suite.api.db, partner.partnerId, { scopes: ['webhooks'] });
    const replayed = await post(scoped.key, '/v1/webhook-endpoints', key, 'application/json', hook);
    expectError(replayed, 403, 'INSUFFICIENT_SCOPE');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await endpointsOf(partner.partnerId)).toBe(0);
  });

  it('checks the scope before the body: no scope and a broken body is a 403, kept as such', async () => {
    const partner = await partnerWithKey(suite.api.db, { scopes: ['pilot-totals'] });
    const key = randomUUID();
    const res = await post(partner.key, '/v1/webhook-endpoints', key, 'text/plain', 'not json');
    expectError(res, 403, 'INSUFFICIENT_SCOPE');
    const again = await post(partner.key, '/v1/webhook-endpoints', key, 'text/plain', 'not json');
    expectError(again, 403, 'INSUFFICIENT_SCOPE');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('never hands a key without the scope the success another key of the partner had under the same key', async () => {
    const partner = await partnerWithKey(suite.api.db, { scopes: ['pilot-totals', 'webhooks'] });
    const unscoped = await keyFor(suite.api.db, partner.partnerId, { scopes: ['pilot-totals'] });
    const key = randomUUID();
    const created = await post(partner.key, '/v1/webhook-endpoints', key, 'application/json', hook);
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toEqual(expect.any(String));
    const refused = await post(unscoped.key, '/v1/webhook-endpoints', key, 'application/json', hook);
    expectError(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(refused.body)).not.toContain(created.body.data.secret as string);
    // The key still holds the success, given again to a key with the scope.
    const replayed = await post(partner.key, '/v1/webhook-endpoints', key, 'application/json', hook);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.data.id).toBe(created.body.data.id);
    expect(await endpointsOf(partner.partnerId)).toBe(1);
  });

  it('keeps the 404 a live key gets on a sandbox simulation, and gives it again', async () => {
    const key = randomUUID();
    const path = `/v1/sandbox/pilots/${randomUUID()}/reset`;
    const first = await post(suite.partner.key, path, key, 'application/json', '{}');
    expectError(first, 404, 'NOT_FOUND');
    const again = await post(suite.partner.key, path, key, 'application/json', '{}');
    expectError(again, 404, 'NOT_FOUND');
    expect(again.headers['idempotent-replayed']).toBe('true');
    // A sandbox key of the same partner is another partner account: the key is free there.
    const sandbox = await sandboxKeyFor(suite.api.db, suite.partner.partnerId);
    const res = await post(sandbox.key, path, key, 'application/json', '{}');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps the 400 of a requirement check whose body cannot be read', async () => {
    const partner = await partnerWithKey(suite.api.db, { scopes: ['pilot-requirements'] });
    const key = randomUUID();
    const path = '/v1/pilot-requirements/check';
    expectError(await post(partner.key, path, key, 'text/plain', 'x'), 400, 'INVALID_REQUEST');
    const again = await post(partner.key, path, key, 'text/plain', 'x');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps nothing before the key and rate limit, nor under a malformed key', async () => {
    const key = randomUUID();
    expectError(
      await post('pft_live_00000000000000000000000000000000', '/v1/link', key, 'text/plain', 'x'),
      401,
      'UNAUTHORIZED',
    );
    const limited = await partnerWithKey(suite.api.db, { rateLimit: 1, scopes: ['pilot-totals'] });
    expect((await suite.api.http().get('/v1/pilots').set(bearer(limited.key))).status).toBe(200);
    expectError(
      await post(limited.key, '/v1/webhook-endpoints', key, 'text/plain', 'x'),
      429,
      'RATE_LIMITED',
    );
    expect(await storedKeys(limited.partnerId, key)).toBe(0);
    // A malformed key: the refusal before the handler comes first, and nothing is kept.
    const unscoped = await partnerWithKey(suite.api.db, { scopes: ['pilot-totals'] });
    expectError(
      await post(unscoped.key, '/v1/webhook-endpoints', '', 'application/json', hook),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from idempotency_keys where partner_id = $1',
      [unscoped.partnerId],
    );
    expect(n).toBe(0);
  });
});
