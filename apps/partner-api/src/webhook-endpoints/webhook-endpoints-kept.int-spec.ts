import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { createEndpoint, listEndpoints, rotateEndpointSecret } from '@pft/webhooks';
import { fingerprintOf } from '../idempotency/idempotency-key';
import { IdempotencyStore, keptSuccess } from '../idempotency/idempotency.store';

const URL = 'https://hooks.example.com/pft';

describe('webhook endpoints made and rotated under an Idempotency-Key (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));
  const fingerprint = (path: string) => fingerprintOf('POST', path, Buffer.from('{}'));
  /** The claim as a replica whose answer was never kept leaves it, an hour ago: abandoned by then. */
  const ageClaim = (partnerId: string, key: string) =>
    ds.query(
      `update idempotency_keys set created_at = now() - interval '1 hour'
        where partner_id = $1 and idempotency_key = $2`,
      [partnerId, key],
    );

  it('keeps a creation’s answer with the endpoint: a retry after the answer was lost replays it, no second endpoint', async () => {
    const { partnerId } = await createPartner(ds, 'Endpoint kept');
    const store = new IdempotencyStore(ds);
    expect(await store.claim(partnerId, 'make-1', fingerprint('/v1/webhook-endpoints'), 'r1')).toEqual({
      claimed: true,
    });
    const claim = { partnerId, key: 'make-1', requestId: 'r1' };
    const made = await createEndpoint(ds, partnerId, URL, ['pilot.linked'], (tx, endpoint) =>
      store.completeWithin(tx, claim, keptSuccess(201, endpoint)),
    );
    if (!made.ok) throw new Error('not made');
    await ageClaim(partnerId, 'make-1');
    const retry = await store.claim(partnerId, 'make-1', fingerprint('/v1/webhook-endpoints'), 'r2');
    expect(retry).toEqual({
      claimed: false,
      earlier: {
        state: 'completed',
        fingerprint: expect.anything() as unknown,
        answer: keptSuccess(201, made.endpoint),
      },
    });
    expect((await listEndpoints(ds, partnerId)).map((e) => e.id)).toEqual([made.endpoint.id]);
  });

  it('makes no endpoint, and rotates no secret, when the answer cannot be kept under the key', async () => {
    const { partnerId } = await createPartner(ds, 'Endpoint not kept');
    const store = new IdempotencyStore(ds);
    // The key is another request's now: this one's answer has no claim to be kept under.
    await store.claim(partnerId, 'make-2', fingerprint('/v1/webhook-endpoints'), 'r2');
    const lost = { partnerId, key: 'make-2', requestId: 'r1' };
    await expect(
      createEndpoint(ds, partnerId, URL, ['pilot.linked'], (tx, endpoint) =>
        store.completeWithin(tx, lost, keptSuccess(201, endpoint)),
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await listEndpoints(ds, partnerId)).toEqual([]);

    const made = await createEndpoint(ds, partnerId, URL, ['pilot.linked']);
    if (!made.ok) throw new Error('not made');
    const secretOf = async (): Promise<string> => {
      const rows = await ds.query<{ secret: string }[]>(
        `select secret from webhook_endpoints where endpoint_id = $1`,
        [made.endpoint.id],
      );
      return rows[0]!.secret;
    };
    const before = await secretOf();
    const path = `/v1/webhook-endpoints/${made.endpoint.id}/rotate-secret`;
    await store.claim(partnerId, 'turn-1', fingerprint(path), 'r4');
    await expect(
      rotateEndpointSecret(ds, partnerId, made.endpoint.id, (tx, endpoint) =>
        store.completeWithin(tx, { partnerId, key: 'turn-1', requestId: 'r3' }, keptSuccess(200, endpoint)),
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await secretOf()).toBe(before);
    // Kept under its own claim, the rotation is made.
    const rotated = await rotateEndpointSecret(ds, partnerId, made.endpoint.id, (tx, endpoint) =>
      store.completeWithin(tx, { partnerId, key: 'turn-1', requestId: 'r4' }, keptSuccess(200, endpoint)),
    );
    expect(rotated?.secret).not.toBe(before);
    expect(await secretOf()).toBe(rotated?.secret);
  });
});
