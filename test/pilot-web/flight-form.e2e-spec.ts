import { type Locator, type Page } from 'playwright-core';
import { type Flight } from '@pft/contracts';
import { bearer } from '../ingestion/support/ingestion-harness';
import { checkScreen, type PilotWebStack, signInAsTestPilot, startPilotWebStack } from './browser';

const FEATURES = ['Complex', 'High performance', 'Tailwheel', 'Retractable gear', 'Pressurized', 'TAA'];
const COUNTS = [
  'Day takeoffs',
  'Night takeoffs',
  'Day full-stop landings',
  'Night full-stop landings',
  'Approaches',
  'Holds',
];

/**
 * The flight form's fields of richer records (pilot-experience.md §1, named as §6 names them), in
 * headless Chromium against the real ingestion service, at 1280 and 360 px: filled by keyboard,
 * saved, and read back through the pilot app API; empty fields stay out of the body; the form's own
 * checks mirror the spec's; a simulator session has only the type designator, approaches and holds.
 * One stack and one browser serve both widths: each width has a page and a test pilot of its own.
 */
let stack: PilotWebStack;
beforeAll(async () => {
  stack = await startPilotWebStack('Cirrus Aircraft Insurance');
});
afterAll(() => stack?.stop());

describe.each([1280, 360])(
  'the pilot web app: the flight form of richer records, %i px wide (e2e)',
  (width) => {
    let page: Page;
    let token: string;

    beforeAll(async () => {
      page = await stack.browser.newPage(width);
      token = await signInAsTestPilot(page, stack.origin);
    });
    afterAll(() => page?.close());

    const flights = async (): Promise<Flight[]> => {
      const res = await stack.ingestion
        .http()
        .get('/pilot/v1/flights')
        .set(...bearer(token))
        .expect(200);
      return (res.body as { data: { flights: Flight[] } }).data.flights;
    };
    const flightOf = async (date: string): Promise<Flight | undefined> =>
      (await flights()).find((f) => f.date === date);
    const rowOf = (date: string) => page.getByRole('row').filter({ hasText: date });
    const label = (form: Locator, name: string) => form.getByLabel(name, { exact: true });
    const feature = (form: Locator, name: string) =>
      form.getByRole('group', { name: 'Features' }).getByRole('checkbox', { name, exact: true });
    /** Types into a field from the keyboard, as a pilot does (what was there goes first). */
    const type = async (field: Locator, text: string) => {
      await field.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      if (text) await page.keyboard.type(text);
    };
    const openAddForm = async (): Promise<Locator> => {
      await page.getByRole('button', { name: 'Add flight' }).click();
      return page.getByRole('form', { name: 'Add flight' });
    };

    it('records every new field from the keyboard, and the API stores them as sent', async () => {
      const form = await openAddForm();
      await type(label(form, 'Date'), '2026-05-01');
      await type(label(form, 'Registration'), 'D-EFGH');
      await type(label(form, 'Type designator'), 'pa28');
      await label(form, 'Engine').focus();
      await page.keyboard.press('ArrowDown'); // from "Not given" to Piston
      await expect(label(form, 'Engine').inputValue()).resolves.toBe('piston');
      for (const name of ['Complex', 'Retractable gear']) {
        await feature(form, name).focus();
        await page.keyboard.press('Space');
      }
      await type(label(form, 'Total time'), '1:30');
      await type(label(form, 'PIC'), '1:30');
      for (const [name, value] of [
        ['Day takeoffs', '2'],
        ['Night takeoffs', '1'],
        ['Day landings', '2'],
        ['Night landings', '1'],
        ['Day full-stop landings', '1'],
        ['Night full-stop landings', '1'],
        ['Approaches', '2'],
        ['Holds', '1'],
      ] as const)
        await type(label(form, name), value);
      await checkScreen(page, 'flight-form');
      // Nothing is wider than the screen: no sideways scrolling of the page itself.
      await expect(
        page.evaluate<number>('document.documentElement.scrollWidth'),
      ).resolves.toBeLessThanOrEqual(width);
      await page.keyboard.press('Enter');
      await page.getByText('Flight of 2026-05-01 saved.').waitFor();

      const stored = await flightOf('2026-05-01');
      expect(stored).toMatchObject({
        aircraft: {
          category: 'airplane',
          rating_key: 'sep_land',
          registration: 'D-EFGH',
          type_designator: 'PA28',
          engine: 'piston',
          features: ['complex', 'retractable_gear'],
        },
        takeoffs: { day: 2, night: 1 },
        landings: { day: 2, night: 1, day_full_stop: 1, night_full_stop: 1 },
        approaches: 2,
        holds: 1,
      });
      // The flights list shows the type designator beside the rating.
      await expect(rowOf('2026-05-01').getByRole('cell').nth(1).textContent()).resolves.toBe(
        'Single-engine piston (land), PA28, D-EFGH',
      );
    });

    it('leaves every new field it was not given out of the flight body', async () => {
      const form = await openAddForm();
      await type(label(form, 'Date'), '2026-05-02');
      await type(label(form, 'Total time'), '0:50');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Flight of 2026-05-02 saved.').waitFor();
      const stored = await flightOf('2026-05-02');
      expect(stored?.aircraft).toEqual({ category: 'airplane', rating_key: 'sep_land' });
      expect(stored?.landings).toEqual({ day: 0, night: 0 });
      for (const absent of ['takeoffs', 'approaches', 'holds'] as const)
        expect(stored).not.toHaveProperty(absent);
    });

    it('checks the fields as the spec does, beside each field, before anything is sent', async () => {
      const before = (await flights()).length;
      const form = await openAddForm();
      await type(label(form, 'Date'), '2026-05-03');
      await type(label(form, 'Total time'), '1:00');
      await type(label(form, 'Type designator'), '1ABC');
      await type(label(form, 'Day takeoffs'), '3');
      await type(label(form, 'Day landings'), '1');
      await type(label(form, 'Day full-stop landings'), '2');
      await type(label(form, 'Approaches'), '100');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('2 to 4 letters or digits, a letter first').waitFor();
      const expected: Record<string, string> = {
        'Type designator': '2 to 4 letters or digits, a letter first (C172, PA28)',
        'Night takeoffs': 'Enter the night takeoffs too, or leave both takeoffs empty',
        'Day full-stop landings': 'At most the day landings (1)',
        Approaches: 'Enter a whole number from 0 to 99',
      };
      for (const [name, message] of Object.entries(expected)) {
        const field = label(form, name);
        const id = await field.getAttribute('id');
        await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
        // The message is the field's description: a screen reader reads it with the field.
        await expect(field.getAttribute('aria-describedby')).resolves.toContain(`${id}-error`);
        await expect(form.locator(`#${id}-error`).textContent()).resolves.toBe(message);
      }
      // The first field in error has the focus.
      await expect(
        label(form, 'Type designator').evaluate((el) => el === el.ownerDocument.activeElement),
      ).resolves.toBe(true);
      await checkScreen(page, 'flight-form-errors');
      expect(await flights()).toHaveLength(before);
      await form.getByRole('button', { name: 'Cancel' }).click();
    });

    it('says beside a time the API refuses its bound in hours:minutes, as the field is typed, and above the form the API’s words with its code and request id', async () => {
      const before = (await flights()).length;
      const form = await openAddForm();
      await type(label(form, 'Date'), '2026-05-05');
      await type(label(form, 'Total time'), '25:00');
      await form.getByRole('button', { name: 'Save' }).click();
      const refused = form.getByRole('alert').filter({ hasText: 'Code: INVALID_REQUEST' });
      await refused.waitFor();
      await expect(refused.locator('p').first().textContent()).resolves.toBe(
        'minutes.total_flight_time must be from 0 to 1440',
      );
      await expect(refused.locator('p.small').textContent()).resolves.toMatch(
        /^Code: INVALID_REQUEST · Request id: \S+$/,
      );
      const total = label(form, 'Total time');
      await expect(total.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(form.locator(`#${await total.getAttribute('id')}-error`).textContent()).resolves.toBe(
        'must be at most 24:00',
      );
      expect(await flights()).toHaveLength(before);
      await form.getByRole('button', { name: 'Cancel' }).click();
    });

    it('shows a simulator session only the type designator, approaches and holds of the new fields', async () => {
      const form = await openAddForm();
      await type(label(form, 'Date'), '2026-05-04');
      await label(form, 'Kind').selectOption('simulator');
      await expect(form.getByRole('group', { name: 'Features' }).count()).resolves.toBe(0);
      for (const hidden of ['Engine', ...COUNTS.slice(0, 4)])
        await expect(label(form, hidden).count()).resolves.toBe(0);
      await type(label(form, 'Type designator'), 'A320');
      await type(label(form, 'Simulator'), '2:00');
      await type(label(form, 'Approaches'), '4');
      await type(label(form, 'Holds'), '1');
      await checkScreen(page, 'flight-form-simulator');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Flight of 2026-05-04 saved.').waitFor();
      const stored = await flightOf('2026-05-04');
      expect(stored).toMatchObject({
        kind: 'simulator',
        aircraft: { type_designator: 'A320' },
        approaches: 4,
        holds: 1,
      });
      expect(stored?.aircraft).not.toHaveProperty('engine');
      expect(stored?.aircraft).not.toHaveProperty('features');
      expect(stored).not.toHaveProperty('takeoffs');
    });

    it('shows the stored values when editing, and stores the amendment', async () => {
      await rowOf('2026-05-01').getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('form', { name: 'Edit flight' });
      await expect(label(form, 'Type designator').inputValue()).resolves.toBe('PA28');
      await expect(label(form, 'Engine').inputValue()).resolves.toBe('piston');
      const checked = await Promise.all(FEATURES.map((name) => feature(form, name).isChecked()));
      expect(checked).toEqual([true, false, false, true, false, false]);
      const counts = await Promise.all(COUNTS.map((name) => label(form, name).inputValue()));
      expect(counts).toEqual(['2', '1', '1', '1', '2', '1']);

      await feature(form, 'Complex').focus();
      await page.keyboard.press('Space');
      await feature(form, 'TAA').focus();
      await page.keyboard.press('Space');
      await label(form, 'Engine').selectOption('turboprop');
      await type(label(form, 'Day takeoffs'), '');
      await type(label(form, 'Night takeoffs'), '');
      await type(label(form, 'Holds'), '3');
      await checkScreen(page, 'flight-form-edit');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Flight of 2026-05-01 saved.').waitFor();
      const stored = await flightOf('2026-05-01');
      expect(stored?.aircraft).toMatchObject({ engine: 'turboprop', features: ['retractable_gear', 'taa'] });
      expect(stored).not.toHaveProperty('takeoffs');
      expect(stored).toMatchObject({ holds: 3, approaches: 2 });
    });

    it('asked nothing of any other host, and raised no script error', () => {
      expect(stack.browser.foreignRequests).toEqual([]);
      expect(stack.browser.pageErrors).toEqual([]);
    });
  },
);
