import { randomUUID } from 'node:crypto';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { connection, keyFor, linkingCode, partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

interface Page {
  pilots: { pilot_id: string; linked_at: string }[];
  next_cursor: string | null;
}

describe('GET /v1/pilots', () => {
  let api: PartnerApiUnderTest;

  beforeAll(async () => {
    api = await startPartnerApi();
  });
  afterAll(() => api.close());

  const list = (key: string, query: Record<string, string | string[]> = {}) =>
    api.http().get('/v1/pilots').query(query).set(bearer(key));
  const disconnect = (pilotId: string) =>
    api.db.query('update connections set disconnected_at = now() where connection_id = $1', [pilotId]);

  /** Every page from the first, `between` run after each page is read. */
  async function walk(key: string, limit: number, between: (page: number) => Promise<void> = async () => {}) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; ; page++) {
      const res = await list(key, { limit: String(limit), ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      const data = res.body.data as Page;
      expect(data.pilots.length).toBeLessThanOrEqual(limit);
      seen.push(...data.pilots.map((p) => p.pilot_id));
      cursor = data.next_cursor;
      if (cursor === null) return seen;
      await between(page);
    }
  }

  it('lists the calling partner’s linked pilots by linked_at then pilot_id, in the envelope', async () => {
    const partner = await partnerWithKey(api.db);
    const older = await connection(api.db, partner.partnerId, "now() - interval '2 days'");
    // Two linked at the same instant: ordered by pilot_id.
    const tied = [
      await connection(api.db, partner.partnerId, "'2026-01-01T00:00:00.123456Z'"),
      await connection(api.db, partner.partnerId, "'2026-01-01T00:00:00.123456Z'"),
    ].sort((a, b) => a.pilotId.localeCompare(b.pilotId));
    const newer = await connection(api.db, partner.partnerId, "now() - interval '1 day'");
    const res = await list(partner.key);
    expect(res.status).toBe(200);
    expectMeta(res);
    expect(res.body.data).toEqual({
      pilots: [...tied, older, newer].map((p) => ({
        pilot_id: p.pilotId,
        linked_at: p.linkedAt.toISOString(),
        shared: ['totals'],
      })),
      next_cursor: null,
    });
  });

  it('answers an empty list to a partner without pilots', async () => {
    const partner = await partnerWithKey(api.db);
    const res = await list(partner.key);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ pilots: [], next_cursor: null });
  });

  it('lists a pilot linked by POST /v1/link under the pilot_id the link answered, to every key of the partner', async () => {
    const partner = await partnerWithKey(api.db);
    const { code } = await linkingCode(api.db);
    const linked = await api.http().post('/v1/link').set(bearer(partner.key)).send({ linking_token: code });
    expect(linked.status).toBe(200);
    const otherKey = await keyFor(api.db, partner.partnerId);
    const res = await list(otherKey.key);
    expect(res.body.data.pilots.map((p: { pilot_id: string }) => p.pilot_id)).toEqual([
      linked.body.data.pilot_id,
    ]);
  });

  it('never lists disconnected pilots or another partner’s pilots', async () => {
    const partner = await partnerWithKey(api.db);
    const other = await partnerWithKey(api.db);
    const kept = await connection(api.db, partner.partnerId);
    const gone = await connection(api.db, partner.partnerId);
    await disconnect(gone.pilotId);
    const theirs = await connection(api.db, other.partnerId);
    // The same pilot account linked to both partners: each sees only its own pilot_id.
    const [{ pilot_account_id: shared }] = await api.db.query(
      'select pilot_account_id from connections where connection_id = $1',
      [kept.pilotId],
    );
    const theirsOfShared = randomUUID();
    await api.db.query(
      'insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())',
      [theirsOfShared, other.partnerId, shared],
    );
    expect(await walk(partner.key, 1)).toEqual([kept.pilotId]);
    expect((await walk(other.key, 1)).sort()).toEqual([theirs.pilotId, theirsOfShared].sort());
  });

  it('pages 100 pilots by default and at most 200', async () => {
    const partner = await partnerWithKey(api.db);
    await api.db.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       select gen_random_uuid(), $1, gen_random_uuid(), now() - n * interval '1 second'
         from generate_series(1, 201) n`,
      [partner.partnerId],
    );
    const first = await list(partner.key);
    expect(first.body.data.pilots).toHaveLength(100);
    expect(typeof first.body.data.next_cursor).toBe('string');
    const big = await list(partner.key, { limit: '200' });
    expect(big.body.data.pilots).toHaveLength(200);
    const last = await list(partner.key, { limit: '200', cursor: big.body.data.next_cursor });
    expect(last.body.data.pilots).toHaveLength(1);
    expect(last.body.data.next_cursor).toBeNull();
    const all = await walk(partner.key, 200);
    expect(new Set(all).size).toBe(201);
  });

  it('ends a walk whose last page is full with next_cursor null', async () => {
    const partner = await partnerWithKey(api.db);
    for (let i = 0; i < 4; i++) await connection(api.db, partner.partnerId);
    const page = await list(partner.key, { limit: '4' });
    expect(page.body.data.pilots).toHaveLength(4);
    expect(page.body.data.next_cursor).toBeNull();
  });

  it('lists a pilot linked for the whole walk exactly once while others link and disconnect', async () => {
    const partner = await partnerWithKey(api.db);
    const steady: string[] = [];
    const fleeting: string[] = [];
    for (let i = 0; i < 40; i++) {
      const { pilotId } = await connection(api.db, partner.partnerId, `now() - interval '${40 - i} minutes'`);
      (i % 4 === 3 ? fleeting : steady).push(pilotId);
    }
    const fleetingAtStart = [...fleeting];
    const added: string[] = [];
    const seen = await walk(partner.key, 6, async (page) => {
      // Between pages: links before, inside and after the walked range, and disconnects of pilots both
      // already listed and not yet reached.
      added.push(
        (await connection(api.db, partner.partnerId, `now() - interval '${45 - page} minutes'`)).pilotId,
      );
      added.push(
        (await connection(api.db, partner.partnerId, `now() - interval '${30 - page * 3} minutes'`)).pilotId,
      );
      added.push((await connection(api.db, partner.partnerId)).pilotId);
      const leaving = fleeting.shift();
      if (leaving) await disconnect(leaving);
      const [late] = fleeting.splice(-1, 1);
      if (late) await disconnect(late);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const pilotId of steady) expect(seen.filter((id) => id === pilotId)).toHaveLength(1);
    // Nothing but the partner's own pilots; the newest one, disconnected after the first page, never.
    const known = new Set([...steady, ...fleetingAtStart, ...added]);
    expect(seen.filter((id) => !known.has(id))).toEqual([]);
    expect(seen).not.toContain(fleetingAtStart[fleetingAtStart.length - 1]);
  });

  describe('errors', () => {
    let partner: TestPartner;
    let cursor: string;

    beforeAll(async () => {
      partner = await partnerWithKey(api.db);
      for (let i = 0; i < 3; i++) await connection(api.db, partner.partnerId);
      cursor = (await list(partner.key, { limit: '1' })).body.data.next_cursor;
    });

    it.each([
      ['limit 0', { limit: '0' }, 'limit', 'out_of_range'],
      ['limit 201', { limit: '201' }, 'limit', 'out_of_range'],
      ['limit -1', { limit: '-1' }, 'limit', 'invalid'],
      ['limit 1.5', { limit: '1.5' }, 'limit', 'invalid'],
      ['limit abc', { limit: 'abc' }, 'limit', 'invalid'],
      ['an empty limit', { limit: '' }, 'limit', 'invalid'],
      ['a repeated limit', { limit: ['1', '2'] }, 'limit', 'repeated'],
      ['a cursor this API did not make', { cursor: 'not-a-cursor' }, 'cursor', 'invalid'],
      ['an empty cursor', { cursor: '' }, 'cursor', 'invalid'],
    ])('answers %s 400 INVALID_REQUEST', async (_what, query, field, issue) => {
      const res = await list(partner.key, query);
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([{ field, issue }]);
    });

    it('answers a tampered or repeated cursor 400 INVALID_REQUEST', async () => {
      // The last pilot's key changed, the signature kept.
      const [body, tag] = cursor.split('.');
      const tampered = `${Buffer.from(
        Buffer.from(body!, 'base64url')
          .toString('utf8')
          .replace(/\|[0-9a-f]/, '|0'),
      ).toString('base64url')}.${tag}`;
      expectError(await list(partner.key, { cursor: tampered }), 400, 'INVALID_REQUEST');
      expectError(await list(partner.key, { cursor: [cursor, cursor] }), 400, 'INVALID_REQUEST');
      expect((await list(partner.key, { cursor })).status).toBe(200);
    });

    it('answers a key without pilot-totals 403 INSUFFICIENT_SCOPE, before looking at the query', async () => {
      const scopeless = await partnerWithKey(api.db, { scopes: ['rating-dictionary'] });
      expectError(await list(scopeless.key), 403, 'INSUFFICIENT_SCOPE');
      expectError(await list(scopeless.key, { limit: '0' }), 403, 'INSUFFICIENT_SCOPE');
    });

    it('answers without a valid key 401, before the scope or the query', async () => {
      const res = await api.http().get('/v1/pilots?limit=0');
      expectError(res, 401, 'UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    });

    it('counts toward the key’s rate limit: 429 past it, before the query is looked at', async () => {
      const limited = await partnerWithKey(api.db, { rateLimit: 1 });
      expect((await list(limited.key)).status).toBe(200);
      const res = await list(limited.key, { limit: '0' });
      expectError(res, 429, 'RATE_LIMITED');
      expect(res.headers['retry-after']).toBe('60');
    });
  });
});
