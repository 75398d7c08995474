import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { asText, startIngestion, type IngestionHarness } from '../ingestion/support/ingestion-harness';
import { partnerWithKey, type TestPartner } from '../partner-api/partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from '../partner-api/partner-api.harness';

/** Debian's chromium package: `bash scripts/setup.sh --for-tests` installs it when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the tests leave their screenshots (git-ignored; `npm test` empties .stack/test-results first). */
export const SCREENSHOTS = join(__dirname, '..', '..', '.stack', 'test-results', 'pilot-web');

/** The pilot web app as `npm run build:test` built it (setup.sh --for-tests runs that build). */
const BUILT_APP = join(__dirname, '..', '..', 'dist-test', 'apps', 'pilot-web');

/** What a browser test drives: one headless Chromium with a profile of its own, removed on close. */
export interface TestBrowser {
  context: BrowserContext;
  /** Every request the pages made to another origin than the app's (none is allowed). */
  foreignRequests: string[];
  /** Script errors the pages raised, and messages they logged as errors other than failed loads. */
  pageErrors: string[];
  newPage(width: number): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowser(origin: string): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run \`bash scripts/setup.sh --for-tests\` (it installs Debian's chromium package)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'pft-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    acceptDownloads: true,
    timezoneId: 'UTC',
    locale: 'en-GB',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)) foreignRequests.push(url);
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    foreignRequests,
    pageErrors,
    newPage: async (width) => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      page.on('pageerror', (err) => pageErrors.push(err.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          pageErrors.push(message.text());
        }
      });
      return page;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The serious and critical axe-core violations on the page as it is: rule, and where. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's content security policy does not stop;
  // once a document: its source is large, and the app changes screens without loading a new one.
  if (!(await page.evaluate<boolean>("typeof axe === 'object'"))) await page.evaluate(axe.source);
  // Run in the page, as text: the tests are compiled without the DOM's types.
  const violations = await page.evaluate<{ id: string; impact?: string | null; targets: string[] }[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/** Checks the screen with axe-core and keeps a full-page screenshot of it, named by screen and width. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  expect({ screen: name, width, violations: await seriousViolations(page) }).toEqual({
    screen: name,
    width,
    violations: [],
  });
}

/** Opens `screen` from the app's navigation and waits for its heading. */
export async function goToScreen(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: screen, exact: true })
    .click();
  await page.getByRole('heading', { level: 2, name: screen, exact: true }).waitFor();
}

/**
 * Every screen after the Logbook, opened from the navigation, each checked and photographed
 * (checkScreen) once its content has come: Partners with a linking code issued.
 */
export async function checkScreensAfterLogbook(page: Page): Promise<void> {
  for (const [screen, slug] of [
    ['Import', 'import'],
    ['Totals', 'totals'],
    ['Experience', 'experience-imported'],
    ['Starting totals', 'starting-totals'],
    ['Partners', 'partners'],
    ['Access history', 'access-history'],
    ['Your data', 'your-data'],
  ] as const) {
    await goToScreen(page, screen);
    if (screen === 'Totals') await page.getByRole('table', { name: 'Totals (hours:minutes)' }).waitFor();
    if (screen === 'Experience')
      await page.getByRole('table', { name: 'Recent flying (hours:minutes)' }).waitFor();
    if (screen === 'Partners') await page.getByRole('button', { name: 'Issue linking code' }).click();
    await checkScreen(page, slug);
  }
}

/** Opens the app and signs in with **Sign in as a test pilot**: the new pilot's token, as the page keeps it. */
export async function signInAsTestPilot(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/app/`);
  await page.getByRole('button', { name: 'Sign in as a test pilot' }).click();
  await page.getByRole('heading', { name: 'Logbook' }).waitFor();
  return (await page.evaluate(() => sessionStorage.getItem('pft.pilot-token'))) ?? '';
}

/** The minutes a table of totals shows, by field: each row's `data-field` and its cell's `data-minutes`. */
export async function minutesOf(table: Locator): Promise<Record<string, number>> {
  await table.waitFor();
  const minutes: Record<string, number> = {};
  for (const row of await table.locator('tr[data-field]:has(td[data-minutes])').all()) {
    const field = (await row.getAttribute('data-field')) ?? '';
    minutes[field] = Number(await row.locator('td[data-minutes]').getAttribute('data-minutes'));
  }
  return minutes;
}

/** Adds a flight with the logbook's **Add flight** form and waits for its row. */
export async function addFlight(
  page: Page,
  f: { date: string; registration: string; from: string; to: string; total: string; pic: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add flight' }).click();
  const form = page.getByRole('form', { name: 'Add flight' });
  await form.getByLabel('Date', { exact: true }).fill(f.date);
  await form.getByLabel('Category', { exact: true }).selectOption('airplane');
  await form.getByLabel('Rating', { exact: true }).selectOption('sep_land');
  await form.getByLabel('Registration', { exact: true }).fill(f.registration);
  await form.getByLabel('From', { exact: true }).fill(f.from);
  await form.getByLabel('To', { exact: true }).fill(f.to);
  await form.getByLabel('Total time', { exact: true }).fill(f.total);
  await form.getByLabel('PIC', { exact: true }).fill(f.pic);
  await form.getByLabel('Day landings', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('row').filter({ hasText: f.date }).waitFor();
}

/**
 * What the browser tests run against: the ingestion service serving the built app at `origin`, the
 * partner API on the same database with one partner and its key, and a browser.
 */
export interface PilotWebStack {
  ingestion: IngestionHarness;
  partnerApi: PartnerApiUnderTest;
  partner: TestPartner;
  browser: TestBrowser;
  origin: string;
  /** Closes the browser, the partner API and the ingestion service (its database too). */
  stop(): Promise<void>;
}

/** Starts the stack with a partner named `partnerName`; `partnerApiEnv` is added to the partner API's environment. */
export async function startPilotWebStack(
  partnerName: string,
  partnerApiEnv: Record<string, string> = {},
): Promise<PilotWebStack> {
  const ingestion = await startIngestion({}, { pilotWebDir: BUILT_APP });
  let partnerApi: PartnerApiUnderTest | undefined;
  let browser: TestBrowser | undefined;
  const stop = async (): Promise<void> => {
    await browser?.close();
    await partnerApi?.close();
    await ingestion.close();
  };
  try {
    await ingestion.app.listen(0, '127.0.0.1');
    const origin = `http://127.0.0.1:${(ingestion.app.getHttpServer().address() as AddressInfo).port}`;
    partnerApi = await startPartnerApi(partnerApiEnv, ingestion.db);
    const partner = await partnerWithKey(partnerApi.db, { name: partnerName });
    browser = await startBrowser(origin);
    return { ingestion, partnerApi, partner, browser, origin, stop };
  } catch (error) {
    // Nothing is left running when the start fails half way: the caller has no stack to stop.
    await stop();
    throw error;
  }
}

/** A started stack (startPilotWebStack), a page of it `width` px wide, and the test pilot's token. */
export interface SignedInPilotWeb {
  stack: PilotWebStack;
  page: Page;
  token: string;
}

/**
 * Starts the stack (startPilotWebStack), opens a page `width` px wide and signs in there as the test
 * pilot; the stack is stopped again when the sign-in fails.
 */
export async function signedInPilotWeb(
  partnerName: string,
  width: number,
  partnerApiEnv: Record<string, string> = {},
): Promise<SignedInPilotWeb> {
  const stack = await startPilotWebStack(partnerName, partnerApiEnv);
  try {
    const page = await stack.browser.newPage(width);
    return { stack, page, token: await signInAsTestPilot(page, stack.origin) };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** `GET /pilot/v1/export.csv` as the pilot of `token`: the logbook CSV as text. */
export async function exportedCsv(stack: PilotWebStack, token: string): Promise<string> {
  const answer = await stack.ingestion
    .as(token)
    .get('/pilot/v1/export.csv')
    .expect(200)
    .buffer(true)
    .parse(asText);
  return answer.body as string;
}
