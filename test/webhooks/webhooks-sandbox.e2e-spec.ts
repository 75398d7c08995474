import { issueApiKey } from '@pft/partners';
import { eventually } from './webhooks.harness';
import { webhookSuite } from './webhook-suite';
import { verifySignature, type WebhookReceiver } from './webhook-receiver';

/**
 * A sandbox key's webhooks work as a live key's do, over the sandbox's own data: an endpoint registered
 * with a `pft_test_` key gets the fixture pilot's `pilot.linked` and, after the simulated disconnect,
 * its `pilot.disconnected`, signed; the live account's endpoint gets nothing about the sandbox pilot.
 */
describe('webhooks of a sandbox key', () => {
  const suite = webhookSuite('webhooks-sandbox');

  it('delivers the fixture pilot’s pilot.linked and, after the simulated disconnect, pilot.disconnected', async () => {
    const live = await suite.stack.partner();
    const { key: sandboxKey } = await issueApiKey(suite.stack.db, {
      partnerId: live.partnerId,
      scopes: ['pilot-totals', 'webhooks'],
      rateLimit: 100000,
      sandbox: true,
    });
    const sandbox = { partnerId: live.partnerId, key: sandboxKey };
    const [sandboxReceiver, liveReceiver] = [await suite.receiver(), await suite.receiver()];
    const { secret } = await suite.stack.endpoint(sandbox, sandboxReceiver.url);
    await suite.stack.endpoint(live, liveReceiver.url);

    const partnerApi = suite.stack.service.partnerApi.url;
    const post = (path: string, body?: unknown) =>
      fetch(`${partnerApi}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandboxKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const linked = await post('/v1/link', { linking_token: 'PFT-TEST-0000-0000-0005' });
    expect(linked.status).toBe(200);
    const pilotId = ((await linked.json()) as { data: { pilot_id: string } }).data.pilot_id;

    const typesOf = (receiver: WebhookReceiver): string[] =>
      receiver
        .delivered()
        .filter((e) => e.data.pilot_id === pilotId)
        .map((e) => e.type);
    await eventually(
      () => typesOf(sandboxReceiver).includes('pilot.linked'),
      30_000,
      'the sandbox pilot.linked',
    );
    expect((await post(`/v1/sandbox/pilots/${pilotId}/disconnect`)).status).toBe(200);
    await eventually(
      () => typesOf(sandboxReceiver).includes('pilot.disconnected'),
      30_000,
      'the sandbox pilot.disconnected',
    );

    expect(typesOf(sandboxReceiver)).toEqual(['pilot.linked', 'pilot.disconnected']);
    for (const got of sandboxReceiver.received) expect(() => verifySignature(secret, got)).not.toThrow();
    expect(typesOf(liveReceiver)).toEqual([]);
  }, 90_000);
});
