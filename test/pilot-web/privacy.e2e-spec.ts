import { readFileSync } from 'node:fs';
import { type Page } from 'playwright-core';
import { flightBody, waitFor } from '@pft/testing';
import { bearer } from '../ingestion/support/ingestion-harness';
import { partnerWithKey } from '../partner-api/partner-api.factories';
import { checkScreen, goToScreen, type PilotWebStack, signedInPilotWeb } from './browser';

const PARTNER_NAME = 'Northwind Airline Recruiting';
const RECRUITER = 'Skyward Regional Hiring';

interface AccessHistoryBody {
  partners: { partner: { name: string }; reads: { date: string; count: number }[] }[];
}

/**
 * The pilot's rights in the web app (pilot-web-app.md, "Access history" and "Your data"), in headless
 * Chromium against the real ingestion service and partner API: what a partner read shows on the
 * access history screen (with each requirement check and its requirements), the download of everything held about the pilot, and the account's erasure.
 */
describe('the pilot web app: access history and your data (e2e)', () => {
  let stack: PilotWebStack;
  let page: Page;
  let token: string;
  let pilotId: string;

  beforeAll(async () => {
    // Reads are written to the access history every 200 ms here (every 5 s by default).
    ({ stack, page, token } = await signedInPilotWeb(PARTNER_NAME, 1280, { ACCESS_HISTORY_FLUSH_MS: '200' }));
    await stack.ingestion
      .http()
      .post('/pilot/v1/flights')
      .set(...bearer(token))
      .send(flightBody())
      .expect(201);

    const code = await stack.ingestion
      .http()
      .post('/pilot/v1/linking-codes')
      .set(...bearer(token))
      .expect(201);
    const linked = await stack.partnerApi
      .http()
      .post('/v1/link')
      .set('Authorization', `Bearer ${stack.partner.key}`)
      .send({ linking_token: code.body.data.linking_token })
      .expect(200);
    pilotId = linked.body.data.pilot_id;
  });
  afterAll(() => stack?.stop());

  const partnerRead = (path: string) =>
    stack.partnerApi.http().get(path).set('Authorization', `Bearer ${stack.partner.key}`).expect(200);

  it("shows each partner's link and its reads of the day, single and batch", async () => {
    for (let i = 0; i < 3; i++) await partnerRead(`/v1/pilot-totals?pilot_id=${pilotId}`);
    await partnerRead(`/v1/pilot-totals/batch?pilot_ids=${pilotId}`);
    const today = new Date().toISOString().slice(0, 10);
    await waitFor(
      async () => {
        const history = await stack.ingestion
          .http()
          .get('/pilot/v1/access-history')
          .set(...bearer(token));
        const body = history.body.data as AccessHistoryBody;
        return body.partners[0]?.reads[0]?.count === 4 ? true : undefined;
      },
      10_000,
      'the four reads in the access history',
    );

    await goToScreen(page, 'Access history');
    const card = page.getByRole('article', { name: PARTNER_NAME });
    await card.waitFor();
    await card.getByText(/^Linked /).waitFor();
    const reads = card.getByRole('table', { name: `Reads of your totals by ${PARTNER_NAME}` });
    const cells = await reads.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual([today, '4']);
    await checkScreen(page, 'access-history-reads');
  });

  it('downloads everything held about the pilot, as the export answers it', async () => {
    await goToScreen(page, 'Your data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      data: Record<string, unknown>;
    };
    const exported = await stack.ingestion
      .http()
      .get('/pilot/v1/export')
      .set(...bearer(token))
      .expect(200);
    // The same document but for the moment it was made.
    expect({ ...saved.data, exported_at: undefined }).toEqual({
      ...exported.body.data,
      exported_at: undefined,
    });
    expect(saved.data.connections).toEqual([
      expect.objectContaining({
        connection_id: pilotId,
        partner: expect.objectContaining({ name: PARTNER_NAME }),
      }),
    ]);
  });

  it('shows each requirement check a partner made, newest first, with its requirements in words', async () => {
    const recruiter = await partnerWithKey(stack.partnerApi.db, {
      name: RECRUITER,
      scopes: ['pilot-totals', 'pilot-requirements'],
    });
    const code = await stack.ingestion
      .http()
      .post('/pilot/v1/linking-codes')
      .set(...bearer(token))
      .send({ share_experience: true })
      .expect(201);
    const linked = await stack.partnerApi
      .http()
      .post('/v1/link')
      .set('Authorization', `Bearer ${recruiter.key}`)
      .send({ linking_token: code.body.data.linking_token })
      .expect(200);
    const check = (asOf: string, requirements: Record<string, unknown>[]) =>
      stack.partnerApi
        .http()
        .post('/v1/pilot-requirements/check')
        .set('Authorization', `Bearer ${recruiter.key}`)
        .send({ pilot_id: linked.body.data.pilot_id, as_of: asOf, requirements })
        .expect(200);
    await check('2026-01-15', [{ id: 'landings', metric: 'landings_night', at_least: 3 }]);
    await check('2026-12-01', [
      { id: 'tt', metric: 'total_flight_time_minutes', at_least: 90000 },
      {
        id: 'b737_recent',
        metric: 'total_flight_time_minutes',
        type_designator: ['B737', 'B738'],
        window: 'last_12_months',
        at_least: 120,
      },
      { id: 'night_pax', currency: 'faa_61_57_b', group: 'airplane_sel' },
    ]);

    await goToScreen(page, 'Access history');
    const checks = page
      .getByRole('article', { name: RECRUITER })
      .getByRole('list', { name: `Requirement checks by ${RECRUITER}` });
    await checks.waitFor();
    const made = checks.locator(':scope > li');
    await expect(made.count()).resolves.toBe(2);
    await expect(made.nth(0).textContent()).resolves.toMatch(/ UTC, as of 2026-12-01:/);
    await expect(made.nth(0).getByRole('listitem').allTextContents()).resolves.toEqual([
      'tt Total flight time, at least 1500:00',
      'b737_recent Total flight time, types B737, B738, last 12 months, at least 2:00',
      'night_pax Current under Passengers at night: 3 night takeoffs and 3 night full-stop landings in 90 days (14 CFR 61.57(b)), Airplane single-engine land',
    ]);
    await expect(made.nth(1).textContent()).resolves.toMatch(/ UTC, as of 2026-01-15:/);
    await expect(made.nth(1).getByRole('listitem').allTextContents()).resolves.toEqual([
      'landings Night landings, at least 3',
    ]);
    // The partner that made none says so.
    await page
      .getByRole('article', { name: PARTNER_NAME })
      .getByText('No requirement checks in this period.')
      .waitFor();
    await checkScreen(page, 'access-history-requirement-checks');
  });

  it('says that a service without the access history does not have it, with the code and request id of its answer', async () => {
    await goToScreen(page, 'Your data');
    // A service from before the access history answers its path as any path it does not know.
    const history = '**/pilot/v1/access-history?*';
    await page.route(history, (route) =>
      route.continue({ url: route.request().url().replace('/access-history?', '/no-such-resource?') }),
    );
    await goToScreen(page, 'Access history');
    const refused = page.getByRole('alert').filter({ hasText: 'Code: NOT_FOUND' });
    await refused.waitFor();
    await page.unroute(history);
    await expect(refused.locator('p').first().textContent()).resolves.toBe(
      'The access history is not available on this service yet.',
    );
    await expect(refused.locator('p.small').textContent()).resolves.toMatch(
      /^Code: NOT_FOUND · Request id: \S+$/,
    );
    await checkScreen(page, 'access-history-unavailable');
  });

  it('erases the account after DELETE is typed: back to sign-in, the partner loses the pilot, the account comes back empty', async () => {
    await goToScreen(page, 'Your data');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Confirm account deletion' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your account is being erased' }).waitFor();
    // The button shows once the sign-in screen has asked whether test pilots exist here.
    await page.getByRole('button', { name: 'Sign in as a test pilot' }).waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('pft.pilot-token'))).resolves.toBeNull();
    await checkScreen(page, 'sign-in-erased');

    const account = () =>
      stack.ingestion
        .http()
        .get('/pilot/v1/account')
        .set(...bearer(token));
    await waitFor(
      async () => ((await account()).body.data?.status === 'active' ? true : undefined),
      30_000,
      'the erasure to complete',
      200,
    );
    await stack.partnerApi
      .http()
      .get(`/v1/pilot-totals?pilot_id=${pilotId}`)
      .set('Authorization', `Bearer ${stack.partner.key}`)
      .expect(404);
    const history = await stack.ingestion
      .http()
      .get('/pilot/v1/access-history')
      .set(...bearer(token))
      .expect(200);
    expect(history.body.data).toEqual({ partners: [] });
    const flights = await stack.ingestion
      .http()
      .get('/pilot/v1/flights')
      .set(...bearer(token))
      .expect(200);
    expect(flights.body.data.flights).toEqual([]);
    const exported = await stack.ingestion
      .http()
      .get('/pilot/v1/export')
      .set(...bearer(token))
      .expect(200);
    expect(exported.body.data).toMatchObject({
      flights: [],
      logbook_events: [],
      consent_events: [],
      connections: [],
      access_history: { partners: [] },
    });
  });

  it('asked nothing of any other host, and raised no script error', () => {
    expect(stack.browser.foreignRequests).toEqual([]);
    expect(stack.browser.pageErrors).toEqual([]);
  });
});
