import { issueApiKey } from '@pft/partners';
import { eventually, startWebhookStack, type WebhookStack } from '../webhooks/webhooks.harness';
import { startReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver';

interface ReadOnArrival {
  eventLastUpdated: string;
  status: number;
  flightCount: number | undefined;
  lastUpdated: string | undefined;
}

/**
 * Freshness of the experience as of the totals: a read made when `pilot_totals.updated` arrives already
 * shows the change, in the experience too (the notice waits for the projection partners read).
 */
describe('pilot experience: a read on pilot_totals.updated shows the change', () => {
  let stack: WebhookStack;
  let receiver: WebhookReceiver | undefined;

  beforeAll(async () => {
    stack = await startWebhookStack('experience-webhook');
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await stack?.stop();
  });

  it('answers, on each notice, the experience with every flight it announces', async () => {
    const partner = await stack.partner();
    const { key: experienceKey } = await issueApiKey(stack.db, {
      partnerId: partner.partnerId,
      scopes: ['pilot-experience'],
      rateLimit: 100000,
    });
    const partnerApi = stack.service.partnerApi.url;
    const reads: ReadOnArrival[] = [];
    receiver = await startReceiver(async (event) => {
      if (event.type === 'pilot_totals.updated') {
        const res = await fetch(
          `${partnerApi}/v1/pilot-experience?pilot_id=${event.data.pilot_id}&as_of=2026-12-01`,
          { headers: { authorization: `Bearer ${experienceKey}` } },
        );
        const body = (await res.json()) as {
          data?: { last_updated: string; lifetime: { flight_count: number } };
        };
        reads.push({
          eventLastUpdated: event.data.last_updated!,
          status: res.status,
          flightCount: body.data?.lifetime.flight_count,
          lastUpdated: body.data?.last_updated,
        });
      }
      return 200;
    });
    await stack.endpoint(partner, receiver.url);
    const pilot = stack.pilot();
    await pilot.linkTo(partner, { share_experience: true });

    for (let flights = 1; flights <= 3; flights++) {
      await pilot.recordFlight();
      await eventually(() => reads.length >= flights, 30_000, `the notice of flight ${flights}`);
    }
    expect(reads.map((read) => [read.status, read.flightCount])).toEqual([
      [200, 1],
      [200, 2],
      [200, 3],
    ]);
    for (const read of reads)
      expect(Date.parse(read.lastUpdated!)).toBeGreaterThanOrEqual(Date.parse(read.eventLastUpdated));
  });
});
