import { createHash, randomUUID } from 'node:crypto';
import { consentStreamId } from '@pft/contracts';
import { IdempotencyStore } from '../../apps/partner-api/src/idempotency/idempotency.store';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { keyFor, linkingCode, partnerWithKey } from './partner-api.factories';
import { partnerApiSuite } from './partner-api.harness';

describe('Idempotency-Key on POST', () => {
  const suite = partnerApiSuite();

  const link = (
    key: string,
    idempotencyKey: string | string[] | undefined,
    body: string,
    path = '/v1/link',
  ) => {
    const req = suite.api.http().post(path).set(bearer(key)).set('Content-Type', 'application/json');
    if (idempotencyKey !== undefined) void req.set('Idempotency-Key', idempotencyKey as string);
    return req.send(body);
  };
  const tokenBody = (code: string): string => JSON.stringify({ linking_token: code });
  const connectionsOf = async (pilotAccountId: string): Promise<number> => {
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from connections where pilot_account_id = $1',
      [pilotAccountId],
    );
    return n as number;
  };
  const storedKeys = async (partnerId: string, key: string): Promise<number> => {
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from idempotency_keys where partner_id = $1 and idempotency_key = $2',
      [partnerId, key],
    );
    return n as number;
  };

  it('replays a lost POST /v1/link answer: the same pilot_id, Idempotent-Replayed, a new request id, nothing done again', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const key = randomUUID();
    const first = await link(suite.partner.key, key, tokenBody(code));
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The code is used up: without the key, a retry is refused.
    expectError(await link(suite.partner.key, undefined, tokenBody(code)), 400, 'INVALID_TOKEN');
    const again = await link(suite.partner.key, key, tokenBody(code));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual({ pilot_id: first.body.data.pilot_id });
    expectMeta(again);
    expect(again.body.meta.request_id).not.toBe(first.body.meta.request_id);
    expect(again.headers['ratelimit-remaining']).toBeDefined();
    expect(await connectionsOf(pilotAccountId)).toBe(1);
    const events = await suite.api.db.query('select count(*)::int as n from events where stream_id = $1', [
      consentStreamId(pilotAccountId),
    ]);
    expect(events).toEqual([{ n: 1 }]);
  });

  it('shares keys between the keys of one partner account, never with another partner', async () => {
    const { code } = await linkingCode(suite.api.db);
    const key = randomUUID();
    const first = await link(suite.partner.key, key, tokenBody(code));
    const sibling = await keyFor(suite.api.db, suite.partner.partnerId);
    const replayed = await link(sibling.key, key, tokenBody(code));
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.data).toEqual(first.body.data);

    const other = await partnerWithKey(suite.api.db);
    const theirs = await linkingCode(suite.api.db);
    const own = await link(other.key, key, tokenBody(theirs.code));
    expect(own.status).toBe(200);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(own.body.data.pilot_id).not.toBe(first.body.data.pilot_id);
  });

  it('answers the same key with another body or path 409 IDEMPOTENCY_CONFLICT, and does nothing', async () => {
    const first = await linkingCode(suite.api.db);
    const second = await linkingCode(suite.api.db);
    const key = randomUUID();
    expect((await link(suite.partner.key, key, tokenBody(first.code))).status).toBe(200);
    const otherBody = await link(suite.partner.key, key, tokenBody(second.code));
    expectError(otherBody, 409, 'IDEMPOTENCY_CONFLICT');
    expect(otherBody.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'reused' }]);
    expect(await connectionsOf(second.pilotAccountId)).toBe(0);
    // Byte for byte: the same JSON with other whitespace is another body.
    const spaced = `{ "linking_token": ${JSON.stringify(first.code)} }`;
    expectError(await link(suite.partner.key, key, spaced), 409, 'IDEMPOTENCY_CONFLICT');
    expectError(
      await link(suite.partner.key, key, tokenBody(first.code), '/v1/link?again=1'),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    // The code of the refused request is still unused.
    expect((await link(suite.partner.key, undefined, tokenBody(second.code))).status).toBe(200);
  });

  it('replays an error answer too, with its status and error', async () => {
    const key = randomUUID();
    const body = tokenBody('PFT-0000-0000-0000-0000');
    const first = await link(suite.partner.key, key, body);
    expectError(first, 400, 'INVALID_TOKEN');
    const again = await link(suite.partner.key, key, body);
    expectError(again, 400, 'INVALID_TOKEN');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error).toEqual(first.body.error);
    expect(again.body.meta.request_id).not.toBe(first.body.meta.request_id);

    const missing = randomUUID();
    const invalid = await link(suite.partner.key, missing, '{"token":1}');
    expectError(invalid, 400, 'INVALID_REQUEST');
    const replayed = await link(suite.partner.key, missing, '{"token":1}');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.error).toEqual(invalid.body.error);
  });

  it('lets 20 concurrent requests with one key link once: the others replay it or are told it is in progress', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => link(suite.partner.key, key, tokenBody(code))),
    );
    const served = answers.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(served).toHaveLength(1);
    const pilotId = served[0]!.body.data.pilot_id as string;
    for (const res of answers) {
      if (res.status === 200) expect(res.body.data).toEqual({ pilot_id: pilotId });
      else {
        expectError(res, 409, 'IDEMPOTENCY_CONFLICT');
        expect(res.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'in_progress' }]);
      }
    }
    expect(await connectionsOf(pilotAccountId)).toBe(1);
    const after = await link(suite.partner.key, key, tokenBody(code));
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.body.data).toEqual({ pilot_id: pilotId });
  });

  /** A claim left by a request under way (or one whose replica died `ageMs` ago). */
  const claimInProgress = (key: string, body: string, ageMs: number) =>
    suite.api.db.query(
      `insert into idempotency_keys (partner_id, idempotency_key, method, path, body_sha256, request_id,
                                     created_at, expires_at)
       values ($1, $2, 'POST', '/v1/link', $3, 'req_elsewhere', now() - $4 * interval '1 millisecond',
               now() + interval '1 day')`,
      [suite.partner.partnerId, key, createHash('sha256').update(body).digest(), ageMs],
    );

  it('answers a key whose first request is still being processed 409 IDEMPOTENCY_CONFLICT', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const key = randomUUID();
    await claimInProgress(key, tokenBody(code), 1000);
    const res = await link(suite.partner.key, key, tokenBody(code));
    expectError(res, 409, 'IDEMPOTENCY_CONFLICT');
    expect(res.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'in_progress' }]);
    expect(await connectionsOf(pilotAccountId)).toBe(0);
  });

  it('serves a key whose claim was abandoned (its request never finished) anew', async () => {
    const { code } = await linkingCode(suite.api.db);
    const key = randomUUID();
    await claimInProgress(key, tokenBody(code), 10 * 60 * 1000);
    const res = await link(suite.partner.key, key, tokenBody(code));
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps no 5xx answer: a retry with the same key is served anew', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const key = randomUUID();
    await suite.api.db.query('alter table linking_codes rename to linking_codes_away');
    try {
      expectError(await link(suite.partner.key, key, tokenBody(code)), 500, 'INTERNAL_ERROR');
    } finally {
      await suite.api.db.query('alter table linking_codes_away rename to linking_codes');
    }
    expect(await storedKeys(suite.partner.partnerId, key)).toBe(0);
    const retry = await link(suite.partner.key, key, tokenBody(code));
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await connectionsOf(pilotAccountId)).toBe(1);
  });

  it('keeps no 401 or 429 answer', async () => {
    const key = randomUUID();
    const { code } = await linkingCode(suite.api.db);
    expectError(
      await link('pft_live_00000000000000000000000000000000', key, tokenBody(code)),
      401,
      'UNAUTHORIZED',
    );
    const limited = await partnerWithKey(suite.api.db, { rateLimit: 1 });
    expect((await suite.api.http().get('/v1/pilots').set(bearer(limited.key))).status).toBe(200);
    expectError(await link(limited.key, key, tokenBody(code)), 429, 'RATE_LIMITED');
    expect(await storedKeys(limited.partnerId, key)).toBe(0);
    // The code was never used by either: it still links.
    expect((await link(suite.partner.key, key, tokenBody(code))).status).toBe(200);
  });

  it('serves a key anew once its 24 hours are over, and deletes expired keys', async () => {
    const { code } = await linkingCode(suite.api.db);
    const key = randomUUID();
    expect((await link(suite.partner.key, key, tokenBody('PFT-0000-0000-0000-0000'))).status).toBe(400);
    const [{ hours }] = await suite.api.db.query(
      `select extract(epoch from expires_at - created_at) / 3600 as hours
         from idempotency_keys where partner_id = $1 and idempotency_key = $2`,
      [suite.partner.partnerId, key],
    );
    expect(Number(hours)).toBeGreaterThanOrEqual(24);
    await suite.api.db.query(
      `update idempotency_keys set expires_at = now() - interval '1 second' where partner_id = $1 and idempotency_key = $2`,
      [suite.partner.partnerId, key],
    );
    const fresh = await link(suite.partner.key, key, tokenBody(code));
    expect(fresh.status).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();

    const stale = randomUUID();
    await claimInProgress(stale, '{}', 0);
    await suite.api.db.query('update idempotency_keys set expires_at = now() where idempotency_key = $1', [
      stale,
    ]);
    expect(await suite.api.app.get(IdempotencyStore).deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(suite.partner.partnerId, stale)).toBe(0);
    expect(await storedKeys(suite.partner.partnerId, key)).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['holding a character beyond ASCII', 'clé'],
    ['holding a tab', 'a\tb'],
  ])('answers a key that is %s 400 INVALID_REQUEST, and does nothing', async (_what, value) => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const res = await link(suite.partner.key, value, tokenBody(code));
    expectError(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'invalid' }]);
    expect(await connectionsOf(pilotAccountId)).toBe(0);
  });

  it('answers the header sent twice 400 INVALID_REQUEST', async () => {
    const { code } = await linkingCode(suite.api.db);
    const res = await link(suite.partner.key, ['a', 'b'], tokenBody(code));
    expectError(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.details).toEqual([{ field: 'Idempotency-Key', issue: 'repeated' }]);
  });

  it('takes keys of 1 and 255 printable characters', async () => {
    for (const key of ['~', `${randomUUID()} !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}`.padEnd(255, 'x')]) {
      const { code } = await linkingCode(suite.api.db);
      const res = await link(suite.partner.key, key, tokenBody(code));
      expect(res.status).toBe(200);
    }
  });

  it('checks the key before the header: no valid key is 401 whatever the Idempotency-Key', async () => {
    expectError(await link('nope', '', '{}'), 401, 'UNAUTHORIZED');
  });

  it('leaves other methods alone: a GET with any Idempotency-Key is served as usual', async () => {
    const res = await suite.api
      .http()
      .get('/v1/pilots')
      .set(bearer(suite.partner.key))
      .set('Idempotency-Key', '');
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
