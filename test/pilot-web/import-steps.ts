import { type Page } from 'playwright-core';

/** The import preview's summary: format, rows, flights to import, date range, problems. */
const summaryOf = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Read as' }).locator('p').first();

const ratingFor = (page: Page, source: string) => page.getByLabel(`Rating for ${source}`, { exact: true });

/**
 * Chooses `file` as the **Logbook file** of the Import screen with its upload held until the
 * **Upload progress** bar has been seen, then waits for the preview; no bar is left once it shows.
 */
export async function uploadWithProgressBar(page: Page, file: string): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const upload = '**/pilot/v1/imports?format=auto';
  await page.route(upload, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Logbook file').setInputFiles(file);
  await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
  release();
  await summaryOf(page).waitFor();
  await page.unroute(upload);
  await expect(page.getByRole('progressbar').count()).resolves.toBe(0);
}

/**
 * The preview of test/fixtures/import/foreflight-current.csv: the format and counts, each aircraft's
 * proposed rating (the guessed one marked), the first problem by line; ready to import.
 */
export async function checkForeFlightPreview(page: Page): Promise<void> {
  await expect(summaryOf(page).textContent()).resolves.toBe(
    'Read as ForeFlight logbook: 10 rows, 7 flights to import from 2026-03-01 to 2026-03-06; 3 problems (those rows are left out).',
  );
  const rating = (source: string) => ratingFor(page, source);
  await expect(rating('N172AB').inputValue()).resolves.toBe('airplane:sep_land');
  await expect(rating('N738XY').inputValue()).resolves.toBe('airplane:type_b737_300_900');
  await expect(rating('N350KA').inputValue()).resolves.toBe('airplane:type_be300_1900');
  await expect(rating('N44RH').inputValue()).resolves.toBe('helicopter');
  await expect(rating('N44RH').locator('option:checked').textContent()).resolves.toBe('Helicopter');
  // A guess is marked: the simulator's class came without an engine, so the piston class is proposed.
  const guessed = page.locator('[data-origin="guessed"]');
  await expect(guessed.count()).resolves.toBe(1);
  await expect(rating('SIM-FRASCA').getAttribute('aria-describedby')).resolves.toBe(
    await guessed.getAttribute('id'),
  );
  const problems = page.getByRole('table', { name: 'Problems by line' });
  await expect(problems.getByRole('row').nth(1).textContent()).resolves.toBe(
    '22—minutes pic + sic must be at most total_flight_time',
  );
  await expect(page.getByRole('button', { name: 'Import' }).isEnabled()).resolves.toBe(true);
}

/** The import as the choices' answer gives it: the totals it would add and each aircraft's choice. */
export interface ChoicesAnswer {
  totals: Record<string, number>;
  aircraft: { source: string; chosen: unknown }[];
}

/**
 * Changes **Rating for N350KA** (a King Air, proposed as its type rating) to the multi-engine piston
 * class: sent as the import's choice, and the preview shown again with it. The choices' answer.
 */
export async function rateKingAirAsMultiEnginePiston(page: Page): Promise<ChoicesAnswer> {
  await ratingFor(page, 'N350KA').focus();
  const [chosen] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/choices') && r.request().method() === 'PUT'),
    ratingFor(page, 'N350KA').selectOption({ label: 'Multi-engine piston (land)' }),
  ]);
  expect(chosen.request().postDataJSON()).toEqual({
    aircraft: { N350KA: { category: 'airplane', rating_key: 'mep_land' } },
  });
  const answer = ((await chosen.json()) as { data: ChoicesAnswer }).data;
  expect(answer.aircraft.find((a) => a.source === 'N350KA')?.chosen).toEqual({
    category: 'airplane',
    rating_key: 'mep_land',
  });
  await expect(page.locator('[data-origin="chosen"]').textContent()).resolves.toBe('Chosen');
  await expect(ratingFor(page, 'N350KA').inputValue()).resolves.toBe('airplane:mep_land');
  await expect(summaryOf(page).textContent()).resolves.toContain('7 flights to import');
  // The answer is on the screen once Import no longer waits for it; the select kept the focus.
  await page.getByRole('button', { name: 'Import', disabled: false }).waitFor();
  await expect(page.evaluate<string>('document.activeElement.id')).resolves.toBe(
    await ratingFor(page, 'N350KA').getAttribute('id'),
  );
  return answer;
}

/**
 * A MyFlightbook export whose every day is 12 or less: its dates could be month or day first, so the
 * preview asks for the order (Import disabled until then); chosen, the dates are read in it and the
 * file is ready to import (not imported).
 */
export async function chooseMyFlightbookDateOrder(page: Page): Promise<void> {
  await page.getByLabel('Logbook file').setInputFiles({
    name: 'myflightbook.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Date,Flight ID,Tail Number,Category/Class,Total Flight Time,PIC\n' +
        '3/4/2026,1,N1,ASEL,1.0,1.0\n5/4/2026,2,N1,ASEL,1.5,1.5\n',
    ),
  });
  await expect(summaryOf(page).textContent()).resolves.toBe(
    'Read as MyFlightbook export: 2 rows, 0 flights to import; 1 problem (those rows are left out).',
  );
  const order = page.getByLabel('Date order', { exact: true });
  await expect(order.inputValue()).resolves.toBe('');
  await page.getByText('choose the date order, and see the problems below').waitFor();
  await expect(page.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
  await order.selectOption('dmy');
  await page
    .getByText('Read as MyFlightbook export: 2 rows, 2 flights to import from 2026-04-03 to 2026-04-05.')
    .waitFor();
  await page.getByText('The dates were read as Day/month/year (14/3/2026)').waitFor();
  await expect(page.getByRole('button', { name: 'Import' }).isEnabled()).resolves.toBe(true);
}

/**
 * test/fixtures/import/columns-logten.tsv, a file of other columns: each field's column, proposed
 * from its header name, is the pilot's to change; with the landings mapped and its aircraft rated,
 * it is ready to import (not imported).
 */
export async function mapLogTenFile(page: Page, file: string): Promise<void> {
  const column = (field: string) => page.getByLabel(`Column for ${field}`, { exact: true });
  await page.getByLabel('Logbook file').setInputFiles(file);
  await page.getByText('Read as a table of your own columns: 3 rows, 1 flight to import').waitFor();
  await expect(column('date').inputValue()).resolves.toBe('Flight Date');
  await expect(page.getByLabel('Date order', { exact: true }).inputValue()).resolves.toBe('dmy');
  await expect(page.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
  await column('day_landings').selectOption('Day Ldg');
  await expect(column('day_landings').inputValue()).resolves.toBe('Day Ldg');
  await ratingFor(page, 'D-EFGH').selectOption('airplane:sep_land');
  // The third row's dual (1.2) is above its total time (1.0): it stays a problem.
  await page.getByText('3 rows, 2 flights to import').waitFor();
  await page.getByText('Columns not imported: Night Ldg, Custom Field').waitFor();
  await expect(page.getByRole('button', { name: 'Import' }).isEnabled()).resolves.toBe(true);
  // Asked for, the cells of Night Ldg and Custom Field go into the remarks of both valid rows.
  await page.getByLabel('Add the columns not imported to each flight’s remarks').check();
  await page.getByText('the cells of unused columns added to the remarks (2 lines, from line 2)').waitFor();
}
