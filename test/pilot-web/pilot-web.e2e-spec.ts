import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { TOTALS_FIELDS } from '@pft/contracts';
import { bearer } from '../ingestion/support/ingestion-harness';
import {
  addFlight,
  checkScreen,
  goToScreen,
  minutesOf,
  signInAsTestPilot,
  startPilotWebStack,
  type PilotWebStack,
} from './browser';
import {
  checkForeFlightPreview,
  rateKingAirAsMultiEnginePiston,
  uploadWithProgressBar,
} from './import-steps';

const PARTNER_NAME = 'Skyward Flight School';
const FIXTURES = join(__dirname, '..', 'fixtures', 'import');

const hm = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The pilot web app in headless Chromium against the real ingestion service and partner API (one
 * database): driven by role and accessible name as pilot-web-app.md names its controls, every flow at
 * 1280 px (a desktop) and again at 360 px (a phone), by a pilot of its own, each screen checked with
 * axe-core and photographed at that width: signing in, flights added, edited and deleted, a ForeFlight
 * file imported, starting totals and the totals. filled-logbook.e2e-spec.ts goes on from the logbook
 * this leaves (partners, the pilot's data, other files imported, an expired session, every screen at
 * 360 px).
 */
describe('the pilot web app in a browser (e2e)', () => {
  let stack: PilotWebStack;

  beforeAll(async () => {
    stack = await startPilotWebStack(PARTNER_NAME);
  });
  afterAll(() => stack?.stop());

  describe.each([1280, 360])('%i px wide', (width) => {
    let page: Page;
    /** The token of the test pilot the app signed in as at this width. */
    let token: string;

    beforeAll(async () => {
      page = await stack.browser.newPage(width);
    });
    afterAll(() => page?.close());

    const go = (screen: string) => goToScreen(page, screen);
    const rowOf = (date: string) => page.getByRole('row').filter({ hasText: date });
    /** A GET of the pilot API as the test pilot the app signed in as. */
    const pilotGet = (path: string) =>
      stack.ingestion
        .http()
        .get(path)
        .set(...bearer(token));

    it('signs in as a test pilot from the sign-in screen', async () => {
      await page.goto(`${stack.origin}/app/`);
      await page.getByRole('button', { name: 'Sign in as a test pilot' }).waitFor();
      await checkScreen(page, 'sign-in');
      token = await signInAsTestPilot(page, stack.origin);
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('adds three flights, shows an API validation error beside its field, edits one and deletes one', async () => {
      for (const flight of [
        { date: '2026-03-01', registration: 'D-EABC', from: 'EDDF', to: 'EDFE', total: '1:30', pic: '1:30' },
        { date: '2026-03-02', registration: 'D-EABD', from: 'EDFE', to: 'EDDR', total: '0:45', pic: '0:45' },
        { date: '2026-03-03', registration: 'D-EABE', from: 'EDDR', to: 'EDDF', total: '2:00', pic: '2:00' },
      ])
        await addFlight(page, flight);
      await checkScreen(page, 'logbook');

      // PIC above the total time: the API refuses it, and the form says so beside PIC.
      await page.getByRole('button', { name: 'Add flight' }).click();
      const form = page.getByRole('form', { name: 'Add flight' });
      await form.getByLabel('Date', { exact: true }).fill('2026-03-04');
      await form.getByLabel('Total time', { exact: true }).fill('1:00');
      await form.getByLabel('PIC', { exact: true }).fill('2:00');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('must be at most total_flight_time').first().waitFor();
      await expect(form.getByLabel('PIC', { exact: true }).getAttribute('aria-invalid')).resolves.toBe(
        'true',
      );
      // Above the form, the refusal's code and request id, as every error the app shows.
      const refused = form.getByRole('alert');
      await refused.waitFor();
      await expect(refused.textContent()).resolves.toMatch(/Code: INVALID_REQUEST · Request id: \S+$/);
      await checkScreen(page, 'logbook-add-error');
      await form.getByRole('button', { name: 'Cancel' }).click();

      await rowOf('2026-03-02').getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit flight' });
      await edit.getByLabel('Total time', { exact: true }).fill('1:05');
      await edit.getByLabel('PIC', { exact: true }).fill('1:05');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Flight of 2026-03-02 saved.').waitFor();
      await expect(rowOf('2026-03-02').getByRole('cell').nth(3).textContent()).resolves.toBe('1:05');

      await rowOf('2026-03-03').getByRole('button', { name: 'Delete' }).click();
      await rowOf('2026-03-03').getByRole('button', { name: 'Confirm delete' }).click();
      await page.getByText('Flight of 2026-03-03 deleted.').waitFor();
      await expect(rowOf('2026-03-03').count()).resolves.toBe(0);

      const listed = await pilotGet('/pilot/v1/flights').expect(200);
      expect(
        listed.body.data.flights.map((f: { date: string; minutes: { total_flight_time: number } }) => [
          f.date,
          f.minutes.total_flight_time,
        ]),
      ).toEqual([
        ['2026-03-02', 65],
        ['2026-03-01', 90],
      ]);
    });

    it('uploads a ForeFlight file with a progress bar, rates an aircraft, shows the totals it would add, imports it; Totals then show the added time', async () => {
      await go('Import');
      await uploadWithProgressBar(page, join(FIXTURES, 'foreflight-current.csv'));
      await checkForeFlightPreview(page);
      await checkScreen(page, 'import-preview');
      // The aircraft table and its selects fit the screen: no sideways scrolling of the page itself.
      await expect(
        page.evaluate<number>('document.documentElement.scrollWidth'),
      ).resolves.toBeLessThanOrEqual(width);
      const { totals: wouldAdd } = await rateKingAirAsMultiEnginePiston(page);
      const shown = await minutesOf(page.getByRole('table', { name: /Totals this import would add/ }));
      expect(shown).toEqual(wouldAdd);
      // By hand from the file: 1.5 + 1:25 + 2.0 + 0,75 + 0.8 + 0.5 hours flown, and a 1.2-hour simulator session.
      expect([shown.total_flight_time_minutes, shown.multi_engine_minutes, shown.simulator_minutes]).toEqual([
        418, 205, 72,
      ]);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('Imported: 7 flights recorded, 0 amended, 0 unchanged.').waitFor();
      const recorded = page.getByRole('table', { name: 'What the import recorded' });
      await expect(recorded.getByRole('row', { name: /^Recorded/ }).textContent()).resolves.toBe('Recorded7');
      await expect(page.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
      await checkScreen(page, 'import');

      await go('Totals');
      const totals = await minutesOf(page.getByRole('table', { name: 'Totals (hours:minutes)' }));
      // The two flights added by hand (1:30 and 1:05) and the 418 minutes imported.
      expect([totals.total_flight_time_minutes, totals.simulator_minutes]).toEqual([155 + 418, 72]);
      // The King Air's two hours under the rating chosen for it.
      const byRating = page.getByRole('table', { name: 'Time by rating (hours:minutes)' });
      await expect(
        byRating.getByRole('row', { name: /^Multi-engine piston \(land\)/ }).textContent(),
      ).resolves.toBe('Multi-engine piston (land)2:00');
    });

    it('saves starting totals; the form then starts from them, and a change saved keeps the rest', async () => {
      await go('Starting totals');
      await page.getByLabel('PIC', { exact: true }).fill('100:00');
      await page.getByLabel('Total flight time', { exact: true }).fill('150:00');
      await page.getByLabel('Flights', { exact: true }).fill('80');
      await page.getByRole('button', { name: 'Save starting totals' }).click();
      await page.getByText('Starting totals saved.').waitFor();
      await checkScreen(page, 'starting-totals');
      await go('Totals');
      await go('Starting totals');
      await expect(page.getByLabel('PIC', { exact: true }).inputValue()).resolves.toBe('100:00');
      await page.getByLabel('Flights', { exact: true }).fill('81');
      await page.getByRole('button', { name: 'Save starting totals' }).click();
      await page.getByText('Starting totals saved.').waitFor();
      const stored = (await pilotGet('/pilot/v1/starting-totals').expect(200)).body.data;
      expect([
        stored.totals.pic_minutes,
        stored.totals.total_flight_time_minutes,
        stored.flight_count,
      ]).toEqual([6000, 9000, 81]);
    });

    it('says why the API refused starting totals: beside the field it concerns (a time’s bound in hours:minutes), and above the form in the API’s words with its code, request id and what no field shows', async () => {
      await go('Starting totals');
      // Hours under a rating the catalog does not know (one dropped from it since they were entered):
      // the form shows no field for them.
      const starting = '**/pilot/v1/starting-totals';
      await page.route(starting, async (route) => {
        const request = route.request();
        if (request.method() !== 'PUT') return route.continue();
        const body = request.postDataJSON() as { rating_breakdown: Record<string, number> };
        body.rating_breakdown = { ...body.rating_breakdown, glider_club: 60 };
        return route.continue({ postData: JSON.stringify(body) });
      });
      await page.getByLabel('PIC', { exact: true }).fill('100001:00');
      await page.getByRole('button', { name: 'Save starting totals' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'Code: INVALID_REQUEST' });
      await refused.waitFor();
      await expect(refused.locator('p.small').textContent()).resolves.toMatch(
        /^Code: INVALID_REQUEST · Request id: \S+$/,
      );
      await expect(refused.getByRole('listitem').allTextContents()).resolves.toEqual([
        'rating_breakdown.glider_club is not a key of the rating catalog',
      ]);
      // The banner keeps the API's words; beside PIC, the bound is in hours:minutes, as PIC is typed.
      await expect(refused.locator('p').first().textContent()).resolves.toBe(
        'totals.pic_minutes must be from 0 to 6000000',
      );
      const pic = page.getByLabel('PIC', { exact: true });
      await expect(pic.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(page.locator('#start-pic_minutes-error').textContent()).resolves.toBe(
        'must be at most 100000:00',
      );
      await checkScreen(page, 'starting-totals-refused');
      await page.unroute(starting);
      const stored = (await pilotGet('/pilot/v1/starting-totals').expect(200)).body.data;
      expect([stored.totals.pic_minutes, stored.rating_breakdown]).toEqual([6000, {}]);
    });

    it('shows the totals of GET /pilot/v1/totals in its table, with ratings by their dictionary labels and two charts', async () => {
      await go('Totals');
      await page.getByRole('table', { name: 'Totals (hours:minutes)' }).waitFor();
      const api = (await pilotGet('/pilot/v1/totals').expect(200)).body.data;
      const table = page.getByRole('table', { name: 'Totals (hours:minutes)' });
      const shown = Object.fromEntries(
        await table
          .getByRole('row')
          .evaluateAll((rows) =>
            rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]),
          ),
      );
      expect(shown).toEqual({
        'Total flight time': hm(api.totals.total_flight_time_minutes),
        PIC: hm(api.totals.pic_minutes),
        SIC: hm(api.totals.sic_minutes),
        Dual: hm(api.totals.dual_minutes),
        Instructor: hm(api.totals.instructor_minutes),
        'Cross-country': hm(api.totals.cross_country_minutes),
        Night: hm(api.totals.night_minutes),
        IFR: hm(api.totals.ifr_minutes),
        'Actual instrument': hm(api.totals.actual_instrument_minutes),
        'Simulated instrument': hm(api.totals.simulated_instrument_minutes),
        'Single-engine': hm(api.totals.single_engine_minutes),
        'Multi-engine': hm(api.totals.multi_engine_minutes),
        'Multi-pilot': hm(api.totals.multi_pilot_minutes),
        Simulator: hm(api.totals.simulator_minutes),
        'Day landings': String(api.landings.total_day),
        'Night landings': String(api.landings.total_night),
        Flights: String(api.flight_count),
        'Last flight': api.last_flight_date.slice(0, 10),
      });
      expect(Object.keys(shown)).toHaveLength(TOTALS_FIELDS.length + 4);
      const ratings = page.getByRole('table', { name: 'Time by rating (hours:minutes)' });
      await ratings.getByRole('rowheader', { name: 'Single-engine piston (land)' }).waitFor();
      await expect(ratings.getByRole('row').count()).resolves.toBe(Object.keys(api.rating_breakdown).length);
      await page.getByRole('img', { name: /Bar chart of hours per rating/ }).waitFor();
      await page.getByRole('img', { name: /Line chart of cumulative flight time by month/ }).waitFor();
      await checkScreen(page, 'totals');
    });
  });

  it('asked nothing of any other host, and raised no script error', () => {
    expect(stack.browser.foreignRequests).toEqual([]);
    expect(stack.browser.pageErrors).toEqual([]);
  });
});
