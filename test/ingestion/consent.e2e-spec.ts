import { createHash, randomUUID } from 'node:crypto';
import { bearer, pilotSnapshot, startIngestion, type IngestionHarness } from './support/ingestion-harness';

const TTL_SECONDS = 3;

describe('pilot app API: linking codes and connections (e2e)', () => {
  let h: IngestionHarness;
  beforeAll(async () => {
    h = await startIngestion({ LINKING_CODE_TTL_SECONDS: String(TTL_SECONDS) });
  });
  afterAll(() => h.close());

  const issue = (token: string) =>
    h
      .http()
      .post('/pilot/v1/linking-codes')
      .set(...bearer(token));

  it('issues a code: 201, the PFT format, expiry after the lifetime; stored only as its SHA-256', async () => {
    const pilot = h.pilot();
    const before = Date.now();
    const res = await issue(pilot.token).expect(201);
    const { linking_token: code, expires_at: expiresAt } = res.body.data;
    expect(code).toMatch(/^PFT-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(TTL_SECONDS * 1000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(TTL_SECONDS * 1000 + 1000);
    const hash = createHash('sha256').update(code).digest();
    const { rows } = await h.sql.query(
      'select code_hash, used_at from linking_codes where pilot_account_id = $1',
      [pilot.id],
    );
    expect(rows).toEqual([{ code_hash: hash, used_at: null }]);
    const snapshot = JSON.stringify(await pilotSnapshot(h.sql, pilot.id));
    expect(snapshot).not.toContain(code);
    const events = await h.sql.query('select type, payload from events where stream_id = $1', [
      `consent-${pilot.id}`,
    ]);
    expect(events.rows).toEqual([
      {
        type: 'LinkingCodeIssued',
        payload: {
          pilot_account_id: pilot.id,
          code_hash: hash.toString('hex'),
          expires_at: expiresAt,
          share_experience: false,
        },
      },
    ]);
  });

  it('takes share_experience only: an empty object is fine, an unknown field or a body that is not an object is 400, nothing recorded', async () => {
    const pilot = h.pilot();
    await issue(pilot.token).send({}).expect(201);
    const before = await pilotSnapshot(h.sql, pilot.id);
    const unknown = await issue(pilot.token).send({ partner: 'acme' }).expect(400);
    expect(unknown.body.error.code).toBe('INVALID_REQUEST');
    expect(unknown.body.error.details).toEqual([
      { field: 'partner', issue: 'unknown_field', message: 'is not a known field' },
    ]);
    const list = await issue(pilot.token).set('Content-Type', 'application/json').send('[1]').expect(400);
    expect(list.body.error.details).toEqual([
      { field: '(body)', issue: 'wrong_type', message: 'must be a JSON object' },
    ]);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('the 11th unexpired code: 429 RATE_LIMITED with Retry-After, nothing recorded; allowed again after expiry', async () => {
    const pilot = h.pilot();
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) codes.add((await issue(pilot.token).expect(201)).body.data.linking_token);
    expect(codes.size).toBe(10);
    const before = await pilotSnapshot(h.sql, pilot.id);
    const limited = await issue(pilot.token).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
    // Another pilot is not limited by this one's codes.
    await issue(h.pilot().token).expect(201);
    await new Promise((r) => setTimeout(r, TTL_SECONDS * 1000 + 200));
    await issue(pilot.token).expect(201);
  });

  describe('connections', () => {
    const link = async (pilot: string, partnerName: string) => {
      const partner = randomUUID();
      const connection = randomUUID();
      await h.sql.query('insert into partners (partner_id, name) values ($1, $2)', [partner, partnerName]);
      await h.sql.query(
        `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())`,
        [connection, partner, pilot],
      );
      return { partner, connection };
    };

    it('lists the active connections with their partner', async () => {
      const pilot = h.pilot();
      const a = await link(pilot.id, 'Aero Club');
      const b = await link(pilot.id, 'Flight School');
      await link(h.pilot().id, 'Someone else');
      const res = await h
        .http()
        .get('/pilot/v1/connections')
        .set(...bearer(pilot.token))
        .expect(200);
      expect(res.body.data.connections).toEqual([
        {
          connection_id: a.connection,
          partner: { id: a.partner, name: 'Aero Club' },
          linked_at: expect.any(String),
          shared: ['totals'],
        },
        {
          connection_id: b.connection,
          partner: { id: b.partner, name: 'Flight School' },
          linked_at: expect.any(String),
          shared: ['totals'],
        },
      ]);
    });

    it('disconnects: 204, PilotDisconnected, gone from the list at once; again: 404 CONNECTION_NOT_FOUND', async () => {
      const pilot = h.pilot();
      const { partner, connection } = await link(pilot.id, 'Aero Club');
      await h
        .http()
        .delete(`/pilot/v1/connections/${connection}`)
        .set(...bearer(pilot.token))
        .expect(204);
      const row = await h.sql.query('select disconnected_at from connections where connection_id = $1', [
        connection,
      ]);
      expect(row.rows[0].disconnected_at).toBeInstanceOf(Date);
      const events = await h.sql.query('select type, payload from events where stream_id = $1', [
        `consent-${pilot.id}`,
      ]);
      expect(events.rows).toEqual([
        {
          type: 'PilotDisconnected',
          payload: {
            pilot_account_id: pilot.id,
            partner_id: partner,
            connection_id: connection,
            disconnected_at: expect.any(String),
          },
        },
      ]);
      const list = await h
        .http()
        .get('/pilot/v1/connections')
        .set(...bearer(pilot.token))
        .expect(200);
      expect(list.body.data.connections).toEqual([]);
      const before = await pilotSnapshot(h.sql, pilot.id);
      const again = await h
        .http()
        .delete(`/pilot/v1/connections/${connection}`)
        .set(...bearer(pilot.token))
        .expect(404);
      expect(again.body.error.code).toBe('CONNECTION_NOT_FOUND');
      expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
    });

    it.each([
      ['unknown', () => randomUUID()],
      ['not a UUID', () => 'abc'],
    ])('a connection id that is %s: 404 CONNECTION_NOT_FOUND', async (_what, id) => {
      const pilot = h.pilot();
      const res = await h
        .http()
        .delete(`/pilot/v1/connections/${id()}`)
        .set(...bearer(pilot.token))
        .expect(404);
      expect(res.body.error.code).toBe('CONNECTION_NOT_FOUND');
    });

    it("another pilot's connection: 404, and it stays connected", async () => {
      const owner = h.pilot();
      const { connection } = await link(owner.id, 'Aero Club');
      const res = await h
        .http()
        .delete(`/pilot/v1/connections/${connection}`)
        .set(...bearer(h.pilot().token))
        .expect(404);
      expect(res.body.error.code).toBe('CONNECTION_NOT_FOUND');
      const list = await h
        .http()
        .get('/pilot/v1/connections')
        .set(...bearer(owner.token))
        .expect(200);
      expect(list.body.data.connections).toHaveLength(1);
    });
  });
});
