/**
 * What a probe of hostile requests found, each answered as the contract says: both HTTP apps,
 * started once for every finding.
 */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { type AppProcess, flightBody } from '@pft/testing';
import { CHROMIUM } from '../pilot-web/browser';
import {
  type Answer,
  call,
  type FindingsApps,
  signedToken,
  startFindingsApps,
} from './hostile-findings.support';

describe('hostile input: what the probe found', () => {
  let apps: FindingsApps;
  let ingestion: AppProcess;
  let partnerApi: AppProcess;
  const pilots: { id: string; token: string }[] = [];

  const pilotCall = (token: string, path: string, init?: RequestInit): Promise<Answer> =>
    apps.pilotCall(token, path, init);
  const partnerCall = (path: string, init?: RequestInit): Promise<Answer> => apps.partnerCall(path, init);

  beforeAll(async () => {
    apps = await startFindingsApps();
    ({ ingestion, partnerApi } = apps);
    pilots.push(...apps.pilots);
  });

  afterAll(async () => {
    await apps?.stop();
  });
  describe('/v1/pilots cursors', () => {
    const forged = (linkedAt: string): string =>
      Buffer.from(`p1|${linkedAt}|${randomUUID()}`, 'utf8').toString('base64url');

    it('refuses a forged cursor, year 0000 or well-formed, with 400 INVALID_REQUEST', async () => {
      for (const cursor of [forged('0000-01-01T00:00:00.000000Z'), forged('2026-01-01T00:00:00.000000Z')]) {
        const res = await partnerCall(`/v1/pilots?cursor=${cursor}`);
        expect({ status: res.status, error: res.body.error }).toEqual({
          status: 400,
          error: expect.objectContaining({
            code: 'INVALID_REQUEST',
            details: [{ field: 'cursor', issue: 'invalid' }],
          }),
        });
      }
    });

    it('still walks every linked pilot with the cursors it gives', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await partnerCall(`/v1/pilots?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        const data = res.body.data as { pilots: { pilot_id: string }[]; next_cursor: string | null };
        seen.push(...data.pilots.map((p) => p.pilot_id));
        cursor = data.next_cursor;
      } while (cursor !== null);
      expect(seen).toHaveLength(pilots.length);
      expect(new Set(seen).size).toBe(pilots.length);
    });
  });

  describe('pilot API bodies that are not JSON', () => {
    const STARTING = { totals: { total_flight_time_minutes: 600, pic_minutes: 600 }, flight_count: 7 };

    it.each([
      ['an empty form', 'application/x-www-form-urlencoded', ''],
      ['a form', 'application/x-www-form-urlencoded', 'total_flight_time=5'],
      ['plain text holding JSON', 'text/plain', '{"minutes":{"total_flight_time":5}}'],
    ])(
      'refuses %s on PUT /pilot/v1/starting-totals, and the starting totals stay',
      async (_what, type, body) => {
        const pilot = pilots[0]!;
        const set = await pilotCall(pilot.token, '/pilot/v1/starting-totals', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(STARTING),
        });
        expect(set.status).toBe(200);
        const res = await pilotCall(pilot.token, '/pilot/v1/starting-totals', {
          method: 'PUT',
          headers: { 'content-type': type },
          body,
        });
        expect({ status: res.status, error: res.body.error }).toEqual({
          status: 400,
          error: expect.objectContaining({
            code: 'INVALID_REQUEST',
            details: [{ field: 'body', issue: 'unsupported_media_type' }],
          }),
        });
        const exported = await pilotCall(pilot.token, '/pilot/v1/export');
        expect(exported.status).toBe(200);
        expect((exported.body.data as { starting_totals: unknown }).starting_totals).toMatchObject({
          flight_count: 7,
          totals: { total_flight_time_minutes: 600 },
        });
      },
    );
  });

  describe('error details', () => {
    it('lists at most 100 and counts the rest in details_omitted', async () => {
      const flights = Array.from({ length: 1000 }, () => ({ flight_id: 'x', date: 'y', kind: 'z' }));
      const res = await pilotCall(pilots[0]!.token, '/pilot/v1/flights/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flights }),
      });
      expect(res.status).toBe(400);
      const error = res.body.error as { code: string; details: unknown[]; details_omitted?: number };
      expect(error.code).toBe('INVALID_REQUEST');
      expect(error.details).toHaveLength(100);
      expect(error.details_omitted).toBeGreaterThan(1000);
      expect(res.text.length).toBeLessThan(20_000);
    });
  });

  describe('webhook URLs with private URLs off', () => {
    it.each([
      'https://[64:ff9b::7f00:1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[::127.0.0.1]/hook',
      'https://198.18.0.1/hook',
      'https://192.0.0.8/hook',
      'https://[2001:db8::1]/hook',
    ])('refuses %s as a private address', async (url) => {
      const res = await partnerCall('/v1/webhook-endpoints', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 400,
        error: expect.objectContaining({
          code: 'INVALID_REQUEST',
          details: [{ field: 'url', issue: 'private_address' }],
        }),
      });
    });
  });

  describe('the CSV export', () => {
    it('writes a quote before every cell a spreadsheet would take for a formula', async () => {
      const pilot = pilots[1]!;
      const flight = flightBody({
        aircraft: { category: 'airplane', rating_key: 'sep_land', registration: '@SUM(A1)' },
        remarks: '=HYPERLINK("https://example.com","x")',
      });
      const recorded = await pilotCall(pilot.token, '/pilot/v1/flights', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(flight),
      });
      expect(recorded.status).toBe(201);
      const csv = await pilotCall(pilot.token, '/pilot/v1/export.csv');
      expect(csv.status).toBe(200);
      const row = csv.text.split('\r\n').find((line) => line.startsWith(flight.flight_id as string))!;
      expect(row).toContain(`,'@SUM(A1),`);
      expect(row).toContain(`"'=HYPERLINK(""https://example.com"",""x"")"`);
      expect(row.split(',').some((cell) => /^"?[=+\-@]/.test(cell))).toBe(false);
    });
  });

  describe('pilot tokens', () => {
    const now = (): number => Math.floor(Date.now() / 1000);

    it.each([
      ['an exp of 1e309', () => `{"sub":"${randomUUID()}","iat":${now()},"exp":1e309}`],
      [
        'a life of more than 24 hours',
        () => JSON.stringify({ sub: randomUUID(), iat: now(), exp: now() + 86_401 }),
      ],
      ['no iat', () => JSON.stringify({ sub: randomUUID(), exp: now() + 600 })],
      [
        'an iat in the future',
        () => JSON.stringify({ sub: randomUUID(), iat: now() + 600, exp: now() + 1200 }),
      ],
    ])('refuses a token with %s', async (_what, payload) => {
      const res = await pilotCall(signedToken(payload()), '/pilot/v1/totals');
      expect({ status: res.status, code: res.body.error?.code }).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    });

    it('answers 429 with Retry-After once an address has failed too often, valid tokens still served', async () => {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 65; i++) {
        const res = await pilotCall(signedToken('{}', 'not-the-secret'), '/pilot/v1/totals');
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers.get('retry-after');
          expect(res.body.error?.code).toBe('RATE_LIMITED');
        }
      }
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(statuses[0]).toBe(401);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect((await pilotCall(pilots[2]!.token, '/pilot/v1/totals')).status).toBe(200);
    });
  });

  describe('what a stranger is told', () => {
    it('liveness says only that the process is live', async () => {
      for (const app of [ingestion, partnerApi]) {
        const res = await call(`${app.url}/health/live`);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ status: 'live' });
        expect(res.text).not.toContain(process.version);
      }
    });

    it('serves no source map of the pilot web app', async () => {
      const app = await call(`${ingestion.url}/app/app.js`);
      expect(app.status).toBe(200);
      expect(app.text).not.toContain('sourceMappingURL');
      expect((await call(`${ingestion.url}/app/app.js.map`)).status).toBe(404);
    });

    it('answers a range of a pilot web app file, even one past its end, with the whole file', async () => {
      const whole = await call(`${ingestion.url}/app/index.html`);
      for (const range of ['bytes=0-9', 'bytes=99999999-']) {
        const part = await call(`${ingestion.url}/app/index.html`, { headers: { Range: range } });
        expect([range, part.status, part.text]).toEqual([range, 200, whole.text]);
      }
    });

    it('gives /docs the security headers of /app/, with a policy that lets the page load', async () => {
      for (const app of [ingestion, partnerApi]) {
        const page = await call(`${app.url}/docs`);
        expect(page.status).toBe(200);
        const policy = page.headers.get('content-security-policy') ?? '';
        expect(policy).toContain("default-src 'self'");
        expect(policy).toContain("script-src 'self'");
        expect(policy).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(page.headers.get('referrer-policy')).toBe('no-referrer');
        // Every script the page runs is a file of the same origin, served under the same policy.
        expect(page.text).not.toMatch(/<script>/);
        for (const [, src] of page.text.matchAll(/<script src="([^"]+)"/g)) {
          const script = await call(`${app.url}${src}`);
          expect(script.status).toBe(200);
          expect(script.headers.get('content-type')).toContain('javascript');
          expect(script.headers.get('content-security-policy')).toBe(policy);
        }
      }
    });

    it('lets the documentation page render under its policy, in a browser', async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const page = await browser.newPage();
        const refused: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
        });
        page.on('pageerror', (error) => refused.push(error.message));
        for (const app of [ingestion, partnerApi]) {
          await page.goto(`${app.url}/docs`);
          await page.waitForSelector('.swagger-ui .opblock', { timeout: 30_000 });
          expect(await page.locator('.swagger-ui .info .title').innerText()).toMatch(/API/);
        }
        expect(refused).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});
