import { type Locator, type Page } from 'playwright-core';
import { currencyRuleCatalog, type Experience } from '@pft/totals/domain';
import { bearer, flightBody } from '../ingestion/support/ingestion-harness';
import {
  checkScreen,
  goToScreen,
  type PilotWebStack,
  signInAsTestPilot,
  startPilotWebStack,
} from './browser';

/** The date the screen is asked about; one flight is dated after it and counts nowhere. */
const AS_OF = '2026-06-30';

const hm = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
const dayNight = (c: { day: number; night: number }) => `${c.day} / ${c.night}`;
const LABELS = new Map(currencyRuleCatalog().rules.map((r) => [r.key as string, r.label]));

/** Flights with the fields of richer records, around AS_OF. */
const FLIGHTS = [
  flightBody({
    date: '2026-06-20',
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172', engine: 'piston' },
    minutes: { total_flight_time: 120, pic: 120, night: 60, single_engine: 120 },
    takeoffs: { day: 2, night: 3 },
    landings: { day: 2, night: 3, day_full_stop: 2, night_full_stop: 3 },
    approaches: 4,
    holds: 1,
  }),
  flightBody({
    date: '2026-05-10',
    aircraft: {
      category: 'airplane',
      rating_key: 'sep_land',
      type_designator: 'PA28',
      features: ['complex', 'retractable_gear'],
    },
    minutes: { total_flight_time: 90, pic: 90, actual_instrument: 30, single_engine: 90 },
    approaches: 2,
  }),
  // No type designator, and a turbine class without an engine: engine unknown.
  flightBody({
    date: '2026-06-01',
    aircraft: { category: 'airplane', rating_key: 'set_land' },
    minutes: { total_flight_time: 30, pic: 30, single_engine: 30 },
  }),
  // In the last 24 months, not the last 12.
  flightBody({
    date: '2025-01-15',
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172' },
    minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
  }),
  // After the date asked: counts nowhere as of AS_OF.
  flightBody({
    date: '2026-07-10',
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'SR22' },
    minutes: { total_flight_time: 45, pic: 45, single_engine: 45 },
  }),
];

/**
 * The Experience screen (pilot-experience.md §6) in headless Chromium against the real ingestion
 * service, at 1280 and 360 px: the As of date typed from the keyboard, and every figure shown as
 * `GET /pilot/v1/experience` answers it for that date, in the app's hours:minutes. One stack and one
 * browser serve both widths: each width has a page and a test pilot (with FLIGHTS) of its own.
 */
let stack: PilotWebStack;
beforeAll(async () => {
  stack = await startPilotWebStack('Horizon Hull Insurance');
});
afterAll(() => stack?.stop());

describe.each([1280, 360])('the pilot web app: the Experience screen, %i px wide (e2e)', (width) => {
  let page: Page;
  let token: string;

  beforeAll(async () => {
    page = await stack.browser.newPage(width);
    token = await signInAsTestPilot(page, stack.origin);
    for (const body of FLIGHTS) {
      await stack.ingestion
        .http()
        .post('/pilot/v1/flights')
        .set(...bearer(token))
        .send(body)
        .expect(201);
    }
  });
  afterAll(() => page?.close());

  const experienceOf = async (asOf: string): Promise<Experience> => {
    const res = await stack.ingestion
      .http()
      .get(`/pilot/v1/experience?as_of=${asOf}`)
      .set(...bearer(token))
      .expect(200);
    return (res.body as { data: Experience }).data;
  };
  const asOfField = () => page.getByLabel('As of', { exact: true });
  /** Each row of a table by its data-key: the texts of its cells (the row header left out). */
  const rowsOf = async (table: Locator): Promise<Record<string, string[]>> => {
    const rows: Record<string, string[]> = {};
    for (const row of await table.locator('tbody tr').all()) {
      rows[(await row.getAttribute('data-key')) ?? ''] = await row.locator('td').allTextContents();
    }
    return rows;
  };
  /** Types into a field from the keyboard, as a pilot does (what was there goes first). */
  const typeInto = async (field: Locator, text: string) => {
    await field.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(text);
  };
  const table = (name: string) => page.getByRole('table', { name, exact: true });

  it('opens on today, as the API answers without a date', async () => {
    await goToScreen(page, 'Experience');
    const today = new Date().toISOString().slice(0, 10);
    await expect(asOfField().inputValue()).resolves.toBe(today);
    await page.getByText(`Experience as of ${today}.`).waitFor();
    const api = await experienceOf(today);
    const shown = await rowsOf(table('Recent flying (hours:minutes)'));
    expect(shown.lifetime?.[0]).toBe(hm(api.lifetime.totals.total_flight_time_minutes));
    // Every flight is dated on or before today: the SR22 is listed.
    await table('Time by aircraft type (hours:minutes)').getByRole('rowheader', { name: 'SR22' }).waitFor();
  });

  it('shows the experience as of a date typed into As of: windows, currency, and time by type, engine and feature', async () => {
    await typeInto(asOfField(), AS_OF);
    await expect(asOfField().inputValue()).resolves.toBe(AS_OF);
    await page.getByText(`Experience as of ${AS_OF}.`).waitFor();
    const api = await experienceOf(AS_OF);

    const windows = await rowsOf(table('Recent flying (hours:minutes)'));
    const periods = { ...api.windows, lifetime: undefined };
    expect(Object.keys(windows)).toEqual(Object.keys(periods));
    for (const [name, w] of Object.entries(api.windows)) {
      expect({ name, cells: windows[name] }).toEqual({
        name,
        cells: [
          hm(w.totals.total_flight_time_minutes),
          hm(w.totals.pic_minutes),
          hm(w.totals.night_minutes),
          hm(w.totals.ifr_minutes),
          dayNight(w.landings),
          dayNight(w.takeoffs),
          String(w.approaches),
          String(w.holds),
          String(w.flight_count),
        ],
      });
    }
    // The figures themselves: three flights in the last 90 days, 4 hours; the 2025 one only in 24 months.
    expect(windows.last_90_days?.[0]).toBe('4:00');
    expect(windows.last_90_days?.[8]).toBe('3');
    expect(windows.last_12_months?.[8]).toBe('3');
    expect(windows.last_24_months?.[8]).toBe('4');
    expect(windows.lifetime?.[0]).toBe('5:00');
    await page
      .getByRole('rowheader', { name: `Last 90 days ${api.windows.last_90_days.from} to ${AS_OF}` })
      .waitFor();

    const currency: {
      rule: string | null;
      group: string | null;
      title: string;
      facts: string[];
      counts: string[];
    }[] = [];
    for (const item of await page.locator('li.currency').all()) {
      currency.push({
        rule: await item.getAttribute('data-rule'),
        group: await item.getAttribute('data-group'),
        title: (await item.locator('h4').textContent()) ?? '',
        facts: await item.locator('dd').allTextContents(),
        counts: await item.locator('.counts li').allTextContents(),
      });
    }
    expect(currency.map((c) => [c.rule, c.group])).toEqual(api.currency.map((c) => [c.rule, c.group]));
    api.currency.forEach((entry, i) => {
      const shown = currency[i]!;
      expect(shown.title).toContain(LABELS.get(entry.rule));
      expect(shown.facts.slice(1)).toEqual([
        entry.status === 'current' ? 'Current' : 'Not current',
        entry.valid_until ?? '—',
        entry.window_from,
      ]);
      expect(shown.counts).toHaveLength(Object.keys(entry.required).length);
    });
    const nightPax = currency.find((c) => c.rule === 'faa_61_57_b' && c.group === 'airplane_sel');
    expect(nightPax?.facts.slice(0, 2)).toEqual(['Airplane single-engine land', 'Current']);
    expect(nightPax?.counts).toEqual(['Night takeoffs: 3 of 3', 'Night full-stop landings: 3 of 3']);
    const instrument = currency.find((c) => c.rule === 'faa_61_57_c');
    expect(instrument?.counts).toEqual(['Approaches: 6 of 6', 'Holds: 1 of 1']);

    const types = await rowsOf(table('Time by aircraft type (hours:minutes)'));
    expect(types).toEqual(
      Object.fromEntries(
        api.by_aircraft_type.map((t) => [
          t.type_designator,
          [
            hm(t.total_flight_time_minutes),
            hm(t.pic_minutes),
            hm(t.sic_minutes),
            hm(t.last_12_months_minutes),
            String(t.flight_count),
            t.last_flight_date.slice(0, 10),
          ],
        ]),
      ),
    );
    expect(Object.keys(types)).toEqual(['C172', 'PA28']);

    const engines = await rowsOf(table('Time by engine (hours:minutes)'));
    expect(engines).toEqual(
      Object.fromEntries(
        Object.entries(api.by_engine)
          .filter(([, e]) => e.flight_count > 0)
          .map(([key, e]) => [
            key,
            [
              hm(e.total_flight_time_minutes),
              hm(e.pic_minutes),
              hm(e.sic_minutes),
              hm(e.multi_engine_minutes),
              String(e.flight_count),
            ],
          ]),
      ),
    );
    expect(Object.keys(engines)).toEqual(['piston', 'unknown']);

    const features = await rowsOf(table('Time by aircraft feature (hours:minutes)'));
    expect(features).toEqual({
      complex: ['1:30', '1:30', '1'],
      retractable_gear: ['1:30', '1:30', '1'],
    });
    expect(api.by_feature.complex.total_flight_time_minutes).toBe(90);

    await checkScreen(page, 'experience');
    // Nothing is wider than the screen: no sideways scrolling of the page itself.
    await expect(page.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(
      width,
    );
  });

  it('says beside As of when the date is one the API does not take, and asks nothing', async () => {
    let asked = 0;
    const count = (request: { url(): string }) => {
      if (request.url().includes('/pilot/v1/experience')) asked += 1;
    };
    page.on('request', count);
    await typeInto(asOfField(), '2099-01-01');
    await page.getByText(/^Enter a date from 1903-12-17 to \d{4}-\d{2}-\d{2}\.$/).waitFor();
    await expect(asOfField().getAttribute('aria-invalid')).resolves.toBe('true');
    // Not a calendar date: said once the pilot presses Enter (or leaves the field).
    await typeInto(asOfField(), '2026-02-30');
    await page.keyboard.press('Enter');
    await page.getByText('Enter a date as YYYY-MM-DD.').waitFor();
    // What is shown stays that of the last date answered.
    await page.getByText(`Experience as of ${AS_OF}.`).waitFor();
    page.off('request', count);
    expect(asked).toBe(0);
    await checkScreen(page, 'experience-error');
  });

  it('shows a date the API refuses beside As of, and above with the code and request id of the refusal', async () => {
    // The app asks for a date the API no longer takes (as when the API's rule changed since the app
    // was loaded): the API's words go beside the field, its code and request id above.
    const experience = /\/pilot\/v1\/experience\?/;
    await page.route(experience, (route) =>
      route.continue({
        url: route
          .request()
          .url()
          .replace(/as_of=[^&]*/, 'as_of=2099-01-01'),
      }),
    );
    await typeInto(asOfField(), '2026-06-29');
    const refused = page.getByRole('alert').filter({ hasText: 'Code: INVALID_REQUEST' });
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toMatch(/Code: INVALID_REQUEST · Request id: \S+$/);
    await expect(asOfField().getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#experience-as-of-error').textContent()).resolves.not.toBe('');
    await checkScreen(page, 'experience-refused');
    await page.unroute(experience);
    // Asked again, the date is answered: the refusal goes.
    await typeInto(asOfField(), AS_OF);
    await refused.waitFor({ state: 'detached' });
    await page.getByText(`Experience as of ${AS_OF}.`).waitFor();
    await expect(asOfField().getAttribute('aria-invalid')).resolves.toBeNull();
  });

  it('asked nothing of any other host, and raised no script error', () => {
    expect(stack.browser.foreignRequests).toEqual([]);
    expect(stack.browser.pageErrors).toEqual([]);
  });
});
