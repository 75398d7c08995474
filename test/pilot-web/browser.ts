import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium package: `bash scripts/setup.sh --for-tests` installs it when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the tests leave their screenshots (git-ignored; `npm test` empties .stack/test-results first). */
export const SCREENSHOTS = join(__dirname, '..', '..', '.stack', 'test-results', 'pilot-web');

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
  // Evaluated through the DevTools protocol, which the page's content security policy does not stop.
  await page.evaluate(axe.source);
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

/** Opens the app and signs in with **Sign in as a test pilot**: the new pilot's token, as the page keeps it. */
export async function signInAsTestPilot(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/app/`);
  await page.getByRole('button', { name: 'Sign in as a test pilot' }).click();
  await page.getByRole('heading', { name: 'Logbook' }).waitFor();
  return (await page.evaluate(() => sessionStorage.getItem('pft.pilot-token'))) ?? '';
}
