import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { flightBody, startingTotalsBody } from '@pft/testing';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { fixture, upload } from '../import/import-support';
import {
  checkScreen,
  checkScreensAfterLogbook,
  exportedCsv,
  goToScreen,
  signInAsTestPilot,
  startPilotWebStack,
  type PilotWebStack,
} from './browser';
import { chooseMyFlightbookDateOrder, mapLogTenFile } from './import-steps';

const PARTNER_NAME = 'Skyward Flight School';
const FIXTURES = join(__dirname, '..', 'fixtures', 'import');

/**
 * The logbook pilot-web.e2e-spec.ts leaves its pilot, written here through the pilot API: the two
 * flights it keeps of the three it adds by hand, its ForeFlight file imported with the King Air rated
 * as a multi-engine piston, and starting totals.
 */
async function fillLogbook(stack: PilotWebStack, token: string): Promise<void> {
  const pilot = stack.ingestion.as(token);
  for (const [date, registration, departure, arrival, minutes] of [
    ['2026-03-01', 'D-EABC', 'EDDF', 'EDFE', 90],
    ['2026-03-02', 'D-EABD', 'EDFE', 'EDDR', 65],
  ] as const) {
    const aircraft = { category: 'airplane', rating_key: 'sep_land', registration };
    await pilot
      .post('/pilot/v1/flights')
      .send(
        flightBody({
          date,
          aircraft,
          departure,
          arrival,
          minutes: { total_flight_time: minutes, pic: minutes },
        }),
      )
      .expect(201);
  }
  const uploaded = await upload(
    stack.ingestion,
    token,
    fixture('foreflight-current.csv'),
    'text/csv',
    '?format=auto',
  ).expect(201);
  const id = uploaded.body.data.import_id as string;
  await pilot
    .put(`/pilot/v1/imports/${id}/choices`)
    .send({ aircraft: { N350KA: { category: 'airplane', rating_key: 'mep_land' } } })
    .expect(200);
  const committed = await pilot.post(`/pilot/v1/imports/${id}/commit`).expect(200);
  expect(committed.body.data.recorded).toBe(7);
  await pilot.put('/pilot/v1/starting-totals').send(startingTotalsBody()).expect(200);
}

/**
 * The pilot web app in headless Chromium against the real ingestion service and partner API (one
 * database), as pilot-web.e2e-spec.ts drives it, at 1280 px and at 360 px, each width by a pilot of
 * its own whose logbook is already filled (fillLogbook): linking a partner and disconnecting it, the
 * pilot's data, files of other formats and the app's own CSV imported, an expired session; then every
 * screen at 360 px for the pilot of 1280 px. Each screen checked with axe-core and photographed.
 */
describe('the pilot web app in a browser, its logbook filled (e2e)', () => {
  let stack: PilotWebStack;
  /** The token of the test pilot each width signed in as, read from its page's sessionStorage. */
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    stack = await startPilotWebStack(PARTNER_NAME);
  });
  afterAll(() => stack?.stop());

  describe.each([1280, 360])('%i px wide', (width) => {
    let page: Page;
    /** The token of the test pilot the app signed in as at this width. */
    let token: string;
    /** The logbook CSV **Download logbook CSV** saved. */
    let downloaded: string;

    beforeAll(async () => {
      page = await stack.browser.newPage(width);
      token = await signInAsTestPilot(page, stack.origin);
      tokens.set(width, token);
      await fillLogbook(stack, token);
    });
    afterAll(() => page?.close());

    const go = (screen: string) => goToScreen(page, screen);
    const exportCsv = () => exportedCsv(stack, token);

    it('issues a linking code a partner redeems; the partner appears, is disconnected, and its pilot_id stops resolving', async () => {
      await go('Partners');
      await page.getByRole('button', { name: 'Issue linking code' }).click();
      const code = (await page.getByLabel('Linking code').textContent()) ?? '';
      expect(code).toMatch(/^PFT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await expect(page.getByRole('timer').textContent()).resolves.toMatch(/^Expires in (10:00|9:[0-5]\d)$/);
      await page.getByRole('button', { name: 'Copy code' }).click();
      await page.getByText('Copied.').waitFor();
      await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(code);

      const linked = await stack.partnerApi
        .http()
        .post('/v1/link')
        .set('Authorization', `Bearer ${stack.partner.key}`)
        .send({ linking_token: code })
        .expect(200);
      const pilotId: string = linked.body.data.pilot_id;
      await stack.partnerApi
        .http()
        .get(`/v1/pilot-totals?pilot_id=${pilotId}`)
        .set('Authorization', `Bearer ${stack.partner.key}`)
        .expect(200);
      // The screen asks for the list again every few seconds.
      const row = page.getByRole('row').filter({ hasText: PARTNER_NAME });
      await row.waitFor({ timeout: 10_000 });
      await checkScreen(page, 'partners');

      await row.getByRole('button', { name: 'Disconnect' }).click();
      await row.getByRole('button', { name: 'Confirm disconnect' }).click();
      await page.getByText(`${PARTNER_NAME} is disconnected`).waitFor();
      await row.waitFor({ state: 'detached' });
      await expect(row.count()).resolves.toBe(0);
      const read = await stack.partnerApi
        .http()
        .get(`/v1/pilot-totals?pilot_id=${pilotId}`)
        .set('Authorization', `Bearer ${stack.partner.key}`);
      expect(read.status).toBe(404);
    });

    it('downloads the logbook CSV the API exports; arms and cancels the account deletion; your data and access history pass axe', async () => {
      await go('Your data');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download logbook CSV' }).click(),
      ]);
      downloaded = await download.path();
      expect(readFileSync(downloaded, 'utf8')).toBe(await exportCsv());
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByRole('button', { name: 'Confirm account deletion' }).isDisabled()).resolves.toBe(
        true,
      );
      await page.getByLabel('Type DELETE to confirm').fill('DELETE');
      await expect(page.getByRole('button', { name: 'Confirm account deletion' }).isEnabled()).resolves.toBe(
        true,
      );
      await checkScreen(page, 'your-data');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await go('Access history');
      await checkScreen(page, 'access-history');
    });

    it('asks the date order of a MyFlightbook file whose dates could be either; maps the columns of a LogTen file and rates its aircraft; imports the logbook CSV it exported back unchanged; says why a binary file and an expired import are refused, with their codes', async () => {
      const before = await exportCsv();
      // The export's rows after its header: the pilot's current flights.
      const flights = before.trimEnd().split('\r\n').length - 1;
      await go('Import');
      const file = page.getByLabel('Logbook file');
      // A zip archive named .csv: its NUL bytes make it binary.
      await file.setInputFiles({
        name: 'logbook.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'),
      });
      await page.getByRole('alert').filter({ hasText: 'Code: UNSUPPORTED_FILE' }).waitFor();

      await chooseMyFlightbookDateOrder(page);
      await mapLogTenFile(page, join(FIXTURES, 'columns-logten.tsv'));
      // A day later that import has expired: Import says so, with the code.
      const pilot = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
        .sub;
      const expired = await stack.ingestion.sql.query(
        `update pending_imports set expires_at = now() - interval '1 second' where pilot_account_id = $1 and state = 'previewed'`,
        [pilot],
      );
      // The MyFlightbook file's and the LogTen file's.
      expect(expired.rowCount).toBe(2);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('alert').filter({ hasText: 'Code: IMPORT_NOT_FOUND' }).waitFor();
      await page.getByText('choose the file again to import it').waitFor();
      await expect(page.getByRole('button', { name: 'Import' }).count()).resolves.toBe(0);
      await file.setInputFiles(downloaded);
      await page
        .getByText(`Read as this service’s own CSV: ${flights} rows, ${flights} flights to import from`)
        .waitFor();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      // Each row of this app's CSV states its rating: shown, not chosen.
      await expect(page.getByRole('combobox', { name: /^Rating for/ }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText(`Imported: 0 flights recorded, 0 amended, ${flights} unchanged.`).waitFor();
      expect(await exportCsv()).toBe(before);
    });

    it('returns to sign-in with a message, its code and request id, when the token has expired', async () => {
      const secret = stack.ingestion.config.JWT_SECRET;
      const expired = mintPilotToken(secret, randomUUID(), 60, Date.now() - 3_600_000);
      // A new page load (a change of the fragment alone would not load the app again).
      await page.goto('about:blank');
      await page.goto(`${stack.origin}/app/#token=${expired}`);
      const alert = page.getByRole('alert').filter({ hasText: 'Your session has expired' });
      await alert.waitFor();
      // As every error the app shows: its code and the request id support can find in the logs.
      await expect(alert.textContent()).resolves.toMatch(/Code: UNAUTHORIZED · Request id: \S+$/);
      // The button shows once the sign-in screen has asked whether test pilots exist here.
      await page.getByRole('button', { name: 'Sign in as a test pilot' }).waitFor();
      await expect(page.evaluate(() => sessionStorage.getItem('pft.pilot-token'))).resolves.toBeNull();
      await checkScreen(page, 'sign-in-expired');
    });
  });

  it('at 360 px wide: every screen of the pilot signed in at 1280 px, by the token in the address fragment, which then leaves the address bar', async () => {
    const phone = await stack.browser.newPage(360);
    await phone.goto(`${stack.origin}/app/#token=${tokens.get(1280)}`);
    await phone.getByRole('heading', { name: 'Logbook' }).waitFor();
    expect(phone.url()).not.toContain('token=');
    await phone.getByRole('row').nth(1).waitFor();
    await checkScreen(phone, 'logbook');
    await checkScreensAfterLogbook(phone);
    // Nothing is wider than the screen: no sideways scrolling of the page itself.
    await expect(phone.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(
      360,
    );
    await phone.close();
  });

  it('asked nothing of any other host, and raised no script error', () => {
    expect(stack.browser.foreignRequests).toEqual([]);
    expect(stack.browser.pageErrors).toEqual([]);
  });
});
