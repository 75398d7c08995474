import { Webhook } from 'standardwebhooks';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

const HOOK_URL = 'https://hooks.example.com/pft';

describe('/v1/webhook-endpoints', () => {
  let api: PartnerApiUnderTest;
  let permissiveApi: PartnerApiUnderTest;

  beforeAll(async () => {
    api = await startPartnerApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  });
  afterAll(() => api.close());

  const webhooksPartner = () => partnerWithKey(api.db, { scopes: ['pilot-totals', 'webhooks'] });
  const create = (partner: TestPartner, body: object, headers: Record<string, string> = {}) =>
    api.http().post('/v1/webhook-endpoints').set(bearer(partner.key)).set(headers).send(body);
  const list = (partner: TestPartner) => api.http().get('/v1/webhook-endpoints').set(bearer(partner.key));

  it('creates an endpoint with a secret shown once, and lists it without', async () => {
    const partner = await webhooksPartner();
    const res = await create(partner, {
      url: HOOK_URL,
      events: ['pilot_totals.updated', 'pilot.disconnected'],
    });
    expect(res.status).toBe(201);
    expectMeta(res);
    const endpoint = res.body.data;
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^we_[0-9A-HJKMNP-TV-Z]{26}$/),
      url: HOOK_URL,
      events: ['pilot.disconnected', 'pilot_totals.updated'],
      status: 'enabled',
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    // The official library takes the secret as it is.
    expect(() => new Webhook(endpoint.secret)).not.toThrow();
    const listed = await list(partner);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual({ endpoints: [{ ...endpoint, secret: undefined }] });
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
  });

  it('takes a URL of 2,048 characters, the longest allowed, and refuses a longer one for its length', async () => {
    const partner = await webhooksPartner();
    const longest = `${HOOK_URL}/${'a'.repeat(2048 - HOOK_URL.length - 1)}`;
    const res = await create(partner, { url: longest, events: ['pilot.linked', 'pilot.disconnected'] });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe(longest);
    const over = await create(partner, { url: `${longest}a` });
    expectError(over, 400, 'INVALID_REQUEST');
    expect(over.body.error.details).toEqual([expect.objectContaining({ field: 'url' })]);
  });

  it('subscribes to every event type when events is absent', async () => {
    const res = await create(await webhooksPartner(), { url: HOOK_URL });
    expect(res.status).toBe(201);
    expect(res.body.data.events).toEqual([
      'pilot.linked',
      'pilot.disconnected',
      'pilot.sharing_updated',
      'pilot_totals.updated',
    ]);
  });

  it('needs the webhooks scope on every route, checked before the input and the lookup', async () => {
    const partner = await partnerWithKey(api.db);
    const missing = 'we_00000000000000000000000000';
    for (const res of [
      await create(partner, { url: 'not a url' }),
      await list(partner),
      await api.http().delete(`/v1/webhook-endpoints/${missing}`).set(bearer(partner.key)),
      await api.http().post(`/v1/webhook-endpoints/${missing}/rotate-secret`).set(bearer(partner.key)),
      await api.http().post(`/v1/webhook-endpoints/${missing}/test`).set(bearer(partner.key)),
      await api.http().get(`/v1/webhook-endpoints/${missing}/deliveries?limit=0`).set(bearer(partner.key)),
    ])
      expectError(res, 403, 'INSUFFICIENT_SCOPE');
    expectError(await api.http().get('/v1/webhook-endpoints'), 401, 'UNAUTHORIZED');
  });

  it.each([
    [{}, 'url', 'required'],
    [{ url: 'http://hooks.example.com/' }, 'url', 'not_https'],
    [{ url: 'https://127.0.0.1/hook' }, 'url', 'private_address'],
    [{ url: 'https://[::1]/hook' }, 'url', 'private_address'],
    [{ url: 'https://192.168.0.10/hook' }, 'url', 'private_address'],
    [{ url: 'https://localhost/hook' }, 'url', 'private_address'],
    [{ url: '/relative' }, 'url', 'invalid'],
    [{ url: HOOK_URL, events: [] }, 'events', 'invalid'],
    [{ url: HOOK_URL, events: ['pilot.deleted'] }, 'events', 'unknown_event_type'],
  ])('refuses %j with 400 INVALID_REQUEST', async (body, field, issue) => {
    const res = await create(await webhooksPartner(), body);
    expectError(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.details).toEqual([{ field, issue }]);
  });

  it('refuses a body that is not JSON', async () => {
    const partner = await webhooksPartner();
    const res = await api
      .http()
      .post('/v1/webhook-endpoints')
      .set(bearer(partner.key))
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(`url=${encodeURIComponent(HOOK_URL)}`);
    expectError(res, 400, 'INVALID_REQUEST');
  });

  it('allows at most 5 endpoints per partner account, also when created at once', async () => {
    const partner = await webhooksPartner();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(partner, { url: HOOK_URL })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([{ field: 'url', issue: 'too_many' }]);
    }
    // A deleted one frees its place.
    const [first] = (await list(partner)).body.data.endpoints;
    await api.http().delete(`/v1/webhook-endpoints/${first.id}`).set(bearer(partner.key)).expect(200);
    expect((await create(partner, { url: HOOK_URL })).status).toBe(201);
  });

  it('deletes an endpoint: it is listed no more and a second delete is 404', async () => {
    const partner = await webhooksPartner();
    const { id } = (await create(partner, { url: HOOK_URL })).body.data;
    const res = await api.http().delete(`/v1/webhook-endpoints/${id}`).set(bearer(partner.key));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, status: 'deleted' });
    expect((await list(partner)).body.data.endpoints).toEqual([]);
    expectError(
      await api.http().delete(`/v1/webhook-endpoints/${id}`).set(bearer(partner.key)),
      404,
      'NOT_FOUND',
    );
  });

  it('rotates a secret: the new one is shown, the old one kept for 24 hours', async () => {
    const partner = await webhooksPartner();
    const created = (await create(partner, { url: HOOK_URL })).body.data;
    const res = await api
      .http()
      .post(`/v1/webhook-endpoints/${created.id}/rotate-secret`)
      .set(bearer(partner.key));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...created, secret: expect.stringMatching(/^whsec_/) });
    expect(res.body.data.secret).not.toBe(created.secret);
    const [row] = await api.db.query(
      `select previous_secret, extract(epoch from previous_secret_until - now()) as left from webhook_endpoints where endpoint_id = $1`,
      [created.id],
    );
    expect(row.previous_secret).toBe(created.secret);
    expect(Number(row.left)).toBeGreaterThan(23.9 * 3600);
    expect(Number(row.left)).toBeLessThanOrEqual(24 * 3600);
  });

  it('queues a webhook.test event (202) and shows it in the deliveries log, newest first', async () => {
    const partner = await webhooksPartner();
    const { id } = (await create(partner, { url: HOOK_URL })).body.data;
    for (let i = 0; i < 3; i++)
      expect(
        (await api.http().post(`/v1/webhook-endpoints/${id}/test`).set(bearer(partner.key))).status,
      ).toBe(202);
    const res = await api
      .http()
      .get(`/v1/webhook-endpoints/${id}/deliveries?limit=2`)
      .set(bearer(partner.key));
    expect(res.status).toBe(200);
    const { deliveries } = res.body.data;
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toEqual({
      event_id: expect.stringMatching(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/),
      type: 'webhook.test',
      created_at: expect.any(String),
      attempts: 0,
      status: 'pending',
      last_response_status: null,
      next_attempt_at: expect.any(String),
    });
    const all = (await api.http().get(`/v1/webhook-endpoints/${id}/deliveries`).set(bearer(partner.key))).body
      .data.deliveries;
    expect(all).toHaveLength(3);
    expect(all.slice(0, 2)).toEqual(deliveries);
    for (const limit of ['0', '101', 'x', '1.5'])
      expectError(
        await api
          .http()
          .get(`/v1/webhook-endpoints/${id}/deliveries?limit=${limit}`)
          .set(bearer(partner.key)),
        400,
        'INVALID_REQUEST',
      );
  });

  it('answers 404 NOT_FOUND for another partner’s endpoint and for unknown ids, on every route', async () => {
    const owner = await webhooksPartner();
    const other = await webhooksPartner();
    const { id } = (await create(owner, { url: HOOK_URL })).body.data;
    for (const target of [id, 'we_00000000000000000000000000', 'nonsense']) {
      for (const res of [
        await api.http().delete(`/v1/webhook-endpoints/${target}`).set(bearer(other.key)),
        await api.http().post(`/v1/webhook-endpoints/${target}/rotate-secret`).set(bearer(other.key)),
        await api.http().post(`/v1/webhook-endpoints/${target}/test`).set(bearer(other.key)),
        await api.http().get(`/v1/webhook-endpoints/${target}/deliveries`).set(bearer(other.key)),
      ])
        expectError(res, 404, 'NOT_FOUND');
    }
    expect((await list(other)).body.data.endpoints).toEqual([]);
    // The owner's endpoint is untouched.
    expect((await list(owner)).body.data.endpoints.map((e: { id: string }) => e.id)).toEqual([id]);
  });

  it('replays a create under the same Idempotency-Key instead of making a second endpoint', async () => {
    const partner = await webhooksPartner();
    const first = await create(partner, { url: HOOK_URL }, { 'Idempotency-Key': 'create-1' });
    const again = await create(partner, { url: HOOK_URL }, { 'Idempotency-Key': 'create-1' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect((await list(partner)).body.data.endpoints).toHaveLength(1);
  });

  it('replays a create or a rotation without the secret once the endpoint is deleted, and keeps it nowhere', async () => {
    const partner = await webhooksPartner();
    const created = await create(partner, { url: HOOK_URL }, { 'Idempotency-Key': 'create-then-delete' });
    const { id, secret } = created.body.data as { id: string; secret: string };
    const rotate = () =>
      api
        .http()
        .post(`/v1/webhook-endpoints/${id}/rotate-secret`)
        .set(bearer(partner.key))
        .set('Idempotency-Key', 'rotate-then-delete');
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    // Before the deletion a replay still hands the secret out, as the first answer did.
    expect((await rotate()).body.data.secret).toBe(rotated.body.data.secret);
    await api.http().delete(`/v1/webhook-endpoints/${id}`).set(bearer(partner.key)).expect(200);

    const replayedCreate = await create(
      partner,
      { url: HOOK_URL },
      { 'Idempotency-Key': 'create-then-delete' },
    );
    expect(replayedCreate.status).toBe(201);
    expect(replayedCreate.headers['idempotent-replayed']).toBe('true');
    expect(replayedCreate.body.data).toEqual({ ...created.body.data, secret: undefined });
    const replayedRotation = await rotate();
    expect(replayedRotation.status).toBe(200);
    expect(replayedRotation.headers['idempotent-replayed']).toBe('true');
    expect(replayedRotation.body.data).toEqual({ ...rotated.body.data, secret: undefined });
    const kept = await api.db.query(
      `select count(*)::int as n from idempotency_keys
        where partner_id = $1 and (response_data like $2 or response_data like $3)`,
      [partner.partnerId, `%${secret}%`, `%${rotated.body.data.secret as string}%`],
    );
    expect(kept).toEqual([{ n: 0 }]);
  });

  describe('with private URLs allowed by the operator', () => {
    beforeAll(async () => {
      permissiveApi = await startPartnerApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    });
    afterAll(() => permissiveApi.close());

    it('takes http:// and loopback URLs', async () => {
      const partner = await partnerWithKey(permissiveApi.db, { scopes: ['webhooks'] });
      for (const url of ['http://127.0.0.1:8080/hook', 'https://[::1]:8443/hook', 'http://localhost/hook']) {
        const res = await permissiveApi
          .http()
          .post('/v1/webhook-endpoints')
          .set(bearer(partner.key))
          .send({ url });
        expect({ url, status: res.status }).toEqual({ url, status: 201 });
      }
    });
  });
});
