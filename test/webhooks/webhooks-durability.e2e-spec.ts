import { waitFor } from '@pft/testing';
import { eventually } from './webhooks.harness';
import { webhookSuite } from './webhook-suite';
import { type WebhookReceiver } from './webhook-receiver';

describe('webhooks: durable delivery and coalesced totals', () => {
  // Endpoints failing for 1.5 s are disabled here (5 days in production). The dispatcher killed below
  // holds its partitions for its session: 6 s here (the broker's least), 30 s in production.
  const suite = webhookSuite('webhooks-durability', {
    WEBHOOK_DISABLE_AFTER_MS: '1500',
    WEBHOOK_SESSION_TIMEOUT_MS: '6000',
  });
  const { receiver } = suite;

  it('loses nothing when the dispatcher is killed with SIGKILL mid-delivery', async () => {
    const partner = await suite.stack.partner();
    // Slow answers, so that attempts are in flight when the dispatcher dies.
    const rx = await receiver(() => new Promise((answer) => setTimeout(() => answer(200), 300)));
    await suite.stack.endpoint(partner, rx.url);
    const pilots = Array.from({ length: 12 }, () => suite.stack.pilot());
    const pilotIds = await Promise.all(pilots.map((p) => p.linkTo(partner)));
    await eventually(() => rx.received.length >= 2, 30_000, 'the first attempts');
    expect(rx.delivered().length).toBeLessThan(pilotIds.length);
    expect(await suite.stack.dispatcher.stop('SIGKILL')).toBe('SIGKILL');
    // Changes while it is down are taken in when it is back.
    for (const pilot of pilots.slice(0, 4)) await pilot.recordFlight();
    await suite.stack.restartDispatcher();
    await eventually(
      () =>
        pilotIds.every((id) =>
          rx.delivered().some((e) => e.type === 'pilot.linked' && e.data.pilot_id === id),
        ),
      60_000,
      'every pilot.linked',
    );
    await eventually(
      () => rx.delivered().filter((e) => e.type === 'pilot_totals.updated').length === 4,
      60_000,
      'the totals events',
    );
    // At least once: every event arrived; a repeat carries the same webhook-id, so the receiver dedupes.
    for (const id of pilotIds) {
      const types = rx
        .delivered()
        .filter((e) => e.data.pilot_id === id)
        .map((e) => e.type);
      expect(types).toEqual(
        pilotIds.indexOf(id) < 4 ? ['pilot.linked', 'pilot_totals.updated'] : ['pilot.linked'],
      );
    }
    // The receiver counts an event as delivered once it answered; the dispatcher marks the delivery when
    // that answer reaches it, a moment later: every delivery must end marked, none left pending.
    const pendingDeliveries = async (): Promise<number> => {
      const [row] = await suite.stack.db.query<{ pending: number }[]>(
        `select count(*)::int as pending from webhook_deliveries where status <> 'delivered'`,
      );
      return row!.pending;
    };
    await waitFor(
      async () => ((await pendingDeliveries()) === 0 ? true : undefined),
      30_000,
      'every delivery marked delivered',
    );
    expect(await pendingDeliveries()).toBe(0);
  }, 120_000);

  it('sends at most two pilot_totals.updated per endpoint for an import of 1,000 flights', async () => {
    const partner = await suite.stack.partner();
    const [first, second] = [await receiver(), await receiver()];
    await suite.stack.endpoint(partner, first.url, ['pilot_totals.updated']);
    await suite.stack.endpoint(partner, second.url);
    const pilot = suite.stack.pilot();
    const pilotId = await pilot.linkTo(partner);
    await pilot.importFlights(1000);
    const totalsAt = (rx: WebhookReceiver) =>
      rx.delivered().filter((e) => e.type === 'pilot_totals.updated' && e.data.pilot_id === pilotId);
    await eventually(
      () => totalsAt(first).length >= 1 && totalsAt(second).length >= 1,
      60_000,
      'a totals event',
    );
    // Past the coalescing window (3 s here) and then some: nothing more follows.
    await new Promise((r) => setTimeout(r, 6000));
    for (const rx of [first, second]) {
      expect(totalsAt(rx).length).toBeGreaterThanOrEqual(1);
      expect(totalsAt(rx).length).toBeLessThanOrEqual(2);
    }
    // The endpoint that takes only totals got nothing else.
    expect(first.received.every((r) => r.event.type === 'pilot_totals.updated')).toBe(true);
    const read = await fetch(`${suite.stack.service.partnerApi.url}/v1/pilot-totals?pilot_id=${pilotId}`, {
      headers: { authorization: `Bearer ${partner.key}` },
    }).then((r) => r.json() as Promise<any>);
    expect(read.data.flight_count).toBe(1000);
    const last = totalsAt(second).at(-1)!;
    expect(Date.parse(read.data.last_updated)).toBeGreaterThanOrEqual(Date.parse(last.data.last_updated!));
  }, 120_000);

  it('disables an endpoint whose every attempt failed for WEBHOOK_DISABLE_AFTER_MS, and keeps nothing queued for it', async () => {
    const partner = await suite.stack.partner();
    const rx = await receiver(() => 500);
    const { id } = await suite.stack.endpoint(partner, rx.url);
    const pilots = [suite.stack.pilot(), suite.stack.pilot()];
    for (const pilot of pilots) await pilot.linkTo(partner);
    const status = async () => {
      const rows = await suite.stack.db.query<{ status: string }[]>(
        `select status from webhook_endpoints where endpoint_id = $1`,
        [id],
      );
      return rows[0]!.status;
    };
    await eventually(() => rx.received.length >= 3, 30_000, 'failed attempts');
    // The endpoint is disabled by the first attempt that fails once it has failed for 1.5 s: on a busy
    // machine the retries 300 ms apart come later, so wait for its status to change (at most 15 s)
    // rather than a fixed time, and then hold it to `disabled`.
    await waitFor(
      async () => ((await status()) === 'enabled' ? undefined : true),
      15_000,
      'the endpoint to leave enabled',
    ).catch(() => undefined);
    expect(await status()).toBe('disabled');
    const [queued] = await suite.stack.db.query<{ pending: number }[]>(
      `select count(*)::int as pending from webhook_deliveries where endpoint_id = $1 and status = 'pending'`,
      [id],
    );
    expect(queued!.pending).toBe(0);
    const listed = await fetch(`${suite.stack.service.partnerApi.url}/v1/webhook-endpoints`, {
      headers: { authorization: `Bearer ${partner.key}` },
    }).then((r) => r.json() as Promise<any>);
    expect(listed.data.endpoints).toEqual([expect.objectContaining({ id, status: 'disabled' })]);
    const metrics = await fetch(`${suite.stack.dispatcher.metricsUrl}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/^pft_webhook_endpoints_disabled_total [1-9]/m);
    expect(metrics).toMatch(/^pft_webhook_attempts_total\{outcome="failed"\} [1-9]/m);
    // Nothing more is tried once it is disabled.
    const tried = rx.received.length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(rx.received.length).toBe(tried);
  }, 120_000);
});
