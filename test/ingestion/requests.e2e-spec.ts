import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import {
  bearer,
  flightBody,
  ingestionSuite,
  pilotSnapshot,
  type IngestionHarness,
} from './support/ingestion-harness';

const ROOT = resolve(__dirname, '../..');
const ENDPOINTS: [string, string][] = [
  ['post', '/pilot/v1/linking-codes'],
  ['get', '/pilot/v1/connections'],
  ['delete', `/pilot/v1/connections/${randomUUID()}`],
  ['post', '/pilot/v1/flights'],
  ['put', `/pilot/v1/flights/${randomUUID()}`],
  ['delete', `/pilot/v1/flights/${randomUUID()}`],
  ['post', '/pilot/v1/flights/import'],
  ['get', '/pilot/v1/flights'],
  ['put', '/pilot/v1/starting-totals'],
  ['get', '/pilot/v1/totals'],
];

describe('pilot app API: authentication and request checks (e2e)', () => {
  const h = ingestionSuite();

  const send = (method: string, path: string) =>
    (
      h.http() as unknown as Record<
        string,
        (p: string) => ReturnType<ReturnType<IngestionHarness['http']>['get']>
      >
    )[method]!(path);

  describe('tokens', () => {
    const hs256 = (payload: object, secret: string) => {
      const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    };
    const bad: [string, () => string | undefined][] = [
      ['no Authorization header', () => undefined],
      ['an expired token', () => mintPilotToken(h.config.JWT_SECRET, randomUUID(), 60, Date.now() - 120_000)],
      ['a token signed with another secret', () => mintPilotToken('x'.repeat(40), randomUUID(), 600)],
      [
        'a token whose sub is not a UUID',
        () => hs256({ sub: 'pilot', exp: Date.now() / 1000 + 60 }, h.config.JWT_SECRET),
      ],
      ['a token without exp', () => hs256({ sub: randomUUID() }, h.config.JWT_SECRET)],
      ['a malformed token', () => 'not.a.jwt'],
    ];

    it.each(bad)('%s: 401 UNAUTHORIZED with WWW-Authenticate on every endpoint', async (_what, token) => {
      const value = token();
      for (const [method, path] of ENDPOINTS) {
        const req = send(method, path);
        if (value !== undefined) void req.set(...bearer(value));
        const res = await req;
        expect([method, path, res.status]).toEqual([method, path, 401]);
        expect(res.body.error.code).toBe('UNAUTHORIZED');
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.body.meta.request_id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
      }
    });

    it.each(['/%70ilot/v1/totals', '/pilot/v%31/totals', '/pilot/v1/%74otals'])(
      'a path spelled with percent-escapes (%s) needs the token too, and answers with it',
      async (path) => {
        const res = await h.http().get(path);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHORIZED');
        const token = mintPilotToken(h.config.JWT_SECRET, randomUUID(), 120);
        expect((await h.as(token).get(path)).status).toBe(200);
      },
    );

    it.each([
      ['a path that is not valid percent-encoding', '/pilot/v1/flights/%ED%A0%80'],
      ['a stray %', '/pilot/v1/flights/%zz'],
      ['a very long id', `/pilot/v1/flights/${'a'.repeat(300)}`],
    ])('%s needs the token first, then is an unknown flight', async (_what, path) => {
      const res = await h.http().delete(path);
      expect([res.status, res.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
      const token = mintPilotToken(h.config.JWT_SECRET, randomUUID(), 120);
      const withToken = await h.as(token).delete(path);
      expect([withToken.status, withToken.body.error.code]).toEqual([404, 'FLIGHT_NOT_FOUND']);
      expect(withToken.body.meta.request_id).toBe(withToken.headers['x-request-id']);
    });

    it('checks the token before the body: bad JSON without a token is 401', async () => {
      const res = await h
        .http()
        .post('/pilot/v1/flights')
        .set('Content-Type', 'application/json')
        .send('{oops');
      expect(res.status).toBe(401);
    });

    it('accepts a token minted by `pft token mint`', async () => {
      const pilot = randomUUID();
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '-r',
          './test/ingestion/support/register-ts.js',
          'apps/cli/src/main.ts',
          'token',
          'mint',
          pilot,
          '--ttl',
          '120',
        ],
        { cwd: ROOT, env: { ...process.env, JWT_SECRET: h.config.JWT_SECRET } },
      );
      await h.as(stdout.trim()).get('/pilot/v1/totals').expect(200);
    });
  });

  describe('bodies', () => {
    const rejected = async (path: string, body: string | object, contentType = 'application/json') => {
      const pilot = h.pilot();
      const before = await pilotSnapshot(h.sql, pilot.id);
      const res = await h
        .as(pilot.token)
        .post(path)
        .set('Content-Type', contentType)
        .send(typeof body === 'string' ? body : JSON.stringify(body));
      expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
      return res;
    };
    const details = (res: { body: { error: { details?: { field: string; issue: string }[] } } }) =>
      res.body.error.details?.map(({ field, issue }) => ({ field, issue }));

    it('bad JSON: 400 INVALID_REQUEST', async () => {
      const res = await rejected('/pilot/v1/flights', '{"flight_id": ');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    });

    it('a body that is not JSON: 400 INVALID_REQUEST', async () => {
      const res = await rejected('/pilot/v1/flights', 'flight_id=1', 'text/plain');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    });

    it('wrong types, out-of-range values and unknown fields: a detail each', async () => {
      const res = await rejected(
        '/pilot/v1/flights',
        flightBody({
          date: 20260501,
          minutes: { total_flight_time: 2000, pic: 'x' },
          landings: { day: 100 },
          wings: 2,
        }),
      );
      expect(res.status).toBe(400);
      expect(details(res)).toEqual(
        expect.arrayContaining([
          { field: 'date', issue: 'wrong_type' },
          { field: 'minutes.total_flight_time', issue: 'out_of_range' },
          { field: 'minutes.pic', issue: 'wrong_type' },
          { field: 'landings.day', issue: 'out_of_range' },
          { field: 'wings', issue: 'unknown_field' },
        ]),
      );
      expect(details(res)).toHaveLength(5);
    });

    it('a flight body over 16 KB: 400 too_large', async () => {
      const res = await rejected('/pilot/v1/flights', flightBody({ remarks: 'x'.repeat(17 * 1024) }));
      expect(res.status).toBe(400);
      expect(details(res)).toEqual([{ field: 'body', issue: 'too_large' }]);
    });

    it('an import over 1 MB: 400 too_large; an import over 16 KB is taken', async () => {
      const big = { flights: Array.from({ length: 1000 }, () => flightBody({ remarks: 'x'.repeat(1000) })) };
      const res = await rejected('/pilot/v1/flights/import', big);
      expect(res.status).toBe(400);
      expect(details(res)).toEqual([{ field: 'body', issue: 'too_large' }]);
      const pilot = h.pilot();
      const ok = { flights: Array.from({ length: 200 }, () => flightBody()) };
      expect(JSON.stringify(ok).length).toBeGreaterThan(16 * 1024);
      await h.as(pilot.token).post('/pilot/v1/flights/import').send(ok).expect(201);
    });

    it('starting totals over 16 KB: 400 too_large', async () => {
      const pilot = h.pilot();
      const res = await h
        .as(pilot.token)
        .put('/pilot/v1/starting-totals')
        .send({ flight_count: 1, padding: 'x'.repeat(17 * 1024) });
      expect(res.status).toBe(400);
      expect(details(res)).toEqual([{ field: 'body', issue: 'too_large' }]);
    });
  });

  describe('listing parameters and routes', () => {
    it.each(['0', '201', 'abc', '-1', '1.5'])('limit=%s: 400 INVALID_REQUEST', async (limit) => {
      const pilot = h.pilot();
      const res = await h.as(pilot.token).get(`/pilot/v1/flights?limit=${limit}`).expect(400);
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ field: 'limit', issue: 'out_of_range' }),
      ]);
    });

    it('a cursor this API did not give out: 400 INVALID_REQUEST', async () => {
      const pilot = h.pilot();
      const res = await h.as(pilot.token).get('/pilot/v1/flights?cursor=bogus').expect(400);
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ field: 'cursor', issue: 'invalid_format' }),
      ]);
    });

    it('unknown path: 404 NOT_FOUND; known path, wrong method: 405 with Allow', async () => {
      const pilot = h.pilot();
      const missing = await h.as(pilot.token).get('/pilot/v1/logbooks').expect(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      const wrong = await h.as(pilot.token).patch('/pilot/v1/totals').expect(405);
      expect(wrong.body.error.code).toBe('METHOD_NOT_ALLOWED');
      expect(wrong.headers.allow).toContain('GET');
    });
  });
});
