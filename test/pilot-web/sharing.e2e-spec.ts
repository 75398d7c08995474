import { type Page } from 'playwright-core';
import { bearer } from '../ingestion/support/ingestion-harness';
import { partnerWithKey, type TestPartner } from '../partner-api/partner-api.factories';
import {
  checkScreen,
  goToScreen,
  type PilotWebStack,
  signInAsTestPilot,
  startPilotWebStack,
} from './browser';

const INSURER = 'Northwind Aviation Insurance';
const SCHOOL = 'Lakeside Flying Club';

/**
 * What the pilot shares, on the Partners screen (pilot-experience.md §3, §6), in headless Chromium
 * against the real ingestion service and partner API, at 1280 and 360 px, by keyboard: the
 * **Share experience** box when issuing a code (never ticked beforehand), what each connection
 * shares, and **Stop sharing experience** / **Share experience** per connection, each checked in
 * the pilot's list and in the partner's `GET /v1/pilots`. The access history shows the reads of the
 * experience when the service reports them. Disconnecting a connection that had already ended says
 * so, with the answer's code and request id. One stack and one browser serve both widths: each width
 * has a page and a test pilot of its own, linked to the same two partners.
 */
let stack: PilotWebStack;
let school: TestPartner;
beforeAll(async () => {
  stack = await startPilotWebStack(INSURER);
  school = await partnerWithKey(stack.partnerApi.db, { name: SCHOOL });
});
afterAll(() => stack?.stop());

describe.each([1280, 360])(
  'the pilot web app: sharing experience with partners, %i px wide (e2e)',
  (width) => {
    let page: Page;
    let token: string;
    const pilotIds = new Map<string, string>();

    beforeAll(async () => {
      page = await stack.browser.newPage(width);
      token = await signInAsTestPilot(page, stack.origin);
      await goToScreen(page, 'Partners');
    });
    afterAll(() => page?.close());

    const shareBox = () => page.getByRole('checkbox', { name: 'Share experience', exact: true });
    const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
    /** Presses a control from the keyboard, as a pilot without a mouse does. */
    const press = async (control: ReturnType<Page['getByRole']>, key = 'Enter') => {
      await control.focus();
      await page.keyboard.press(key);
    };
    /** Issues a code from the screen and links `partner` with it; the partner's pilot_id. */
    const link = async (partner: TestPartner): Promise<string> => {
      const shown = page.getByLabel('Linking code');
      const before = (await shown.count()) > 0 ? await shown.textContent() : null;
      await press(page.getByRole('button', { name: 'Issue linking code' }));
      // The new code, not the one shown before it.
      const fresh = before ? shown.filter({ hasNotText: before }) : shown;
      await fresh.waitFor();
      const code = (await fresh.textContent()) ?? '';
      const linked = await stack.partnerApi
        .http()
        .post('/v1/link')
        .set('Authorization', `Bearer ${partner.key}`)
        .send({ linking_token: code })
        .expect(200);
      return linked.body.data.pilot_id as string;
    };
    /** `shared` of the pilot as the partner's GET /v1/pilots lists it. */
    const sharedForPartner = async (partner: TestPartner, pilotId: string): Promise<string[] | undefined> => {
      const res = await stack.partnerApi
        .http()
        .get('/v1/pilots?limit=200')
        .set('Authorization', `Bearer ${partner.key}`)
        .expect(200);
      return (res.body.data.pilots as { pilot_id: string; shared: string[] }[]).find(
        (p) => p.pilot_id === pilotId,
      )?.shared;
    };
    const sharedForPilot = async (partnerName: string): Promise<string[] | undefined> => {
      const res = await stack.ingestion
        .http()
        .get('/pilot/v1/connections')
        .set(...bearer(token))
        .expect(200);
      return (res.body.data.connections as { partner: { name: string }; shared: string[] }[]).find(
        (c) => c.partner.name === partnerName,
      )?.shared;
    };

    it('issues a code that shares experience only when Share experience is ticked, and it is never ticked beforehand', async () => {
      await expect(shareBox().isChecked()).resolves.toBe(false);
      await press(shareBox(), 'Space');
      await expect(shareBox().isChecked()).resolves.toBe(true);
      pilotIds.set(INSURER, await link(stack.partner));
      await page
        .getByText('The partner that links with this code reads your totals and your experience.')
        .waitFor();
      // The consent went with that code: the next one starts unticked.
      await expect(shareBox().isChecked()).resolves.toBe(false);

      const insurer = rowOf(INSURER);
      await insurer.waitFor({ timeout: 10_000 });
      await insurer.getByText('Totals and experience', { exact: true }).waitFor();
      await insurer.getByRole('button', { name: 'Stop sharing experience', exact: true }).waitFor();
      expect(await sharedForPilot(INSURER)).toEqual(['totals', 'experience']);
      expect(await sharedForPartner(stack.partner, pilotIds.get(INSURER)!)).toEqual(['totals', 'experience']);

      pilotIds.set(SCHOOL, await link(school));
      await page.getByText('The partner that links with this code reads your totals.').waitFor();
      const club = rowOf(SCHOOL);
      await club.waitFor({ timeout: 10_000 });
      await club.getByText('Totals', { exact: true }).waitFor();
      await club.getByRole('button', { name: 'Share experience', exact: true }).waitFor();
      expect(await sharedForPilot(SCHOOL)).toEqual(['totals']);
      expect(await sharedForPartner(school, pilotIds.get(SCHOOL)!)).toEqual(['totals']);
      await checkScreen(page, 'partners-sharing');
    });

    it('stops sharing experience with one partner and shares it again, each seen by that partner at once', async () => {
      const insurer = rowOf(INSURER);
      await press(insurer.getByRole('button', { name: 'Stop sharing experience', exact: true }));
      await page
        .getByText(`${INSURER} can no longer read your experience; it still reads your totals.`)
        .waitFor();
      await insurer.getByText('Totals', { exact: true }).waitFor();
      expect(await sharedForPilot(INSURER)).toEqual(['totals']);
      expect(await sharedForPartner(stack.partner, pilotIds.get(INSURER)!)).toEqual(['totals']);
      // The other connection is as it was.
      expect(await sharedForPilot(SCHOOL)).toEqual(['totals']);

      // The same button now offers the opposite, and keeps the focus: Enter again shares it again.
      const share = insurer.getByRole('button', { name: 'Share experience', exact: true });
      await share.waitFor();
      await expect(
        page.evaluate<string[]>(
          "[document.activeElement.textContent, document.activeElement.closest('tr').querySelector('th').textContent]",
        ),
      ).resolves.toEqual(['Share experience', INSURER]);
      await page.keyboard.press('Enter');
      await page.getByText(`${INSURER} can now read your experience as well as your totals.`).waitFor();
      await insurer.getByText('Totals and experience', { exact: true }).waitFor();
      expect(await sharedForPartner(stack.partner, pilotIds.get(INSURER)!)).toEqual(['totals', 'experience']);
      await checkScreen(page, 'partners-sharing-changed');
      await expect(
        page.evaluate<number>('document.documentElement.scrollWidth'),
      ).resolves.toBeLessThanOrEqual(width);
    });

    it('shows reads of the experience in the access history when the service reports them', async () => {
      await stack.partnerApi
        .http()
        .get(`/v1/pilot-totals?pilot_id=${pilotIds.get(INSURER)}`)
        .set('Authorization', `Bearer ${stack.partner.key}`)
        .expect(200);
      await goToScreen(page, 'Access history');
      await page.getByRole('heading', { level: 3, name: INSURER }).waitFor();
      const history = await stack.ingestion
        .http()
        .get('/pilot/v1/access-history?days=90')
        .set(...bearer(token))
        .expect(200);
      const partners = history.body.data.partners as {
        partner: { name: string };
        experience_reads?: unknown[];
      }[];
      // Each partner's reads of the experience are shown exactly as the answer has them: a table when
      // there are some, a line saying there are none when the list is empty, nothing without the field.
      for (const p of partners) {
        const caption = page.getByText(`Reads of your experience by ${p.partner.name}`);
        await expect(caption.count()).resolves.toBe(p.experience_reads?.length ? 1 : 0);
      }
      const withoutReads = partners.filter(
        (p) => p.experience_reads !== undefined && p.experience_reads.length === 0,
      );
      await expect(page.getByText('No reads of your experience in this period.').count()).resolves.toBe(
        withoutReads.length,
      );
      expect(partners.some((p) => p.partner.name === INSURER)).toBe(true);
      await checkScreen(page, 'access-history-sharing');
    });

    it('says in plain words, with the code and request id of the answer, that a connection being disconnected had already ended', async () => {
      await goToScreen(page, 'Partners');
      const club = rowOf(SCHOOL);
      await club.waitFor({ timeout: 10_000 });
      await press(club.getByRole('button', { name: 'Disconnect', exact: true }));
      // The connection ends elsewhere (the pilot's other device) just before this confirmation arrives.
      const connection = '**/pilot/v1/connections/*';
      await page.route(connection, async (route) => {
        const request = route.request();
        if (request.method() === 'DELETE') {
          await stack.ingestion
            .http()
            .delete(new URL(request.url()).pathname)
            .set(...bearer(token))
            .expect(204);
        }
        return route.continue();
      });
      await press(club.getByRole('button', { name: 'Confirm disconnect', exact: true }));
      const refused = page.getByRole('alert').filter({ hasText: 'Code: CONNECTION_NOT_FOUND' });
      await refused.waitFor();
      await page.unroute(connection);
      await expect(refused.locator('p').first().textContent()).resolves.toBe(
        'That connection had already ended.',
      );
      await expect(refused.locator('p.small').textContent()).resolves.toMatch(
        /^Code: CONNECTION_NOT_FOUND · Request id: \S+$/,
      );
      // The list read again no longer has it.
      await club.waitFor({ state: 'detached' });
      expect(await sharedForPilot(SCHOOL)).toBeUndefined();
      await checkScreen(page, 'partners-connection-ended');
    });

    it('asked nothing of any other host, and raised no script error', () => {
      expect(stack.browser.foreignRequests).toEqual([]);
      expect(stack.browser.pageErrors).toEqual([]);
    });
  },
);
