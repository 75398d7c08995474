import { eventually } from './webhooks.harness';
import { webhookSuite } from './webhook-suite';
import { verifySignature, type WebhookReceiver } from './webhook-receiver';

/** Events of one pilot_id as a receiver got them, by type. */
const typesFor = (receiver: WebhookReceiver, pilotId: string): string[] =>
  receiver
    .delivered()
    .filter((e) => e.data.pilot_id === pilotId)
    .map((e) => e.type);

describe('webhooks, end to end with receivers on loopback', () => {
  const suite = webhookSuite('webhooks-delivery');
  const { receiver } = suite;

  it('delivers every event, signed, in order per pilot, only to its partner, and nothing after a disconnect', async () => {
    const [a, b] = [await suite.stack.partner(), await suite.stack.partner()];
    const partnerApi = suite.stack.service.partnerApi.url;
    // On each pilot_totals.updated, the receiver reads the totals at once: the read must show the change.
    const readsOnArrival: { pilotId: string; eventLastUpdated: string; read: any }[] = [];
    const ra = await receiver(async (event) => {
      if (event.type === 'pilot_totals.updated') {
        const res = await fetch(`${partnerApi}/v1/pilot-totals?pilot_id=${event.data.pilot_id}`, {
          headers: { authorization: `Bearer ${a.key}` },
        });
        readsOnArrival.push({
          pilotId: event.data.pilot_id!,
          eventLastUpdated: event.data.last_updated!,
          read: await res.json(),
        });
      }
      return 200;
    });
    const rb = await receiver();
    const endpointA = await suite.stack.endpoint(a, ra.url);
    const endpointB = await suite.stack.endpoint(b, rb.url);

    const pilots = [suite.stack.pilot(), suite.stack.pilot(), suite.stack.pilot()];
    const pilotIds: string[] = [];
    for (const pilot of pilots) pilotIds.push(await pilot.linkTo(a));
    const bPilot = suite.stack.pilot();
    const bPilotId = await bPilot.linkTo(b);
    for (const pilot of pilots) await pilot.recordFlight();
    await bPilot.recordFlight();

    await eventually(
      () => pilotIds.every((id) => typesFor(ra, id).includes('pilot_totals.updated')),
      30_000,
      'totals events at A',
    );
    await pilots[0]!.disconnect(pilotIds[0]!);
    await eventually(
      () => typesFor(ra, pilotIds[0]!).includes('pilot.disconnected'),
      30_000,
      'disconnect at A',
    );
    // A change after the disconnect: nothing more about that pilot may reach A.
    await pilots[0]!.recordFlight();
    await eventually(
      () => typesFor(rb, bPilotId).includes('pilot_totals.updated'),
      30_000,
      'totals event at B',
    );
    await new Promise((r) => setTimeout(r, 5000));

    expect(typesFor(ra, pilotIds[0]!)).toEqual([
      'pilot.linked',
      'pilot_totals.updated',
      'pilot.disconnected',
    ]);
    for (const id of pilotIds.slice(1))
      expect(typesFor(ra, id)).toEqual(['pilot.linked', 'pilot_totals.updated']);
    expect(typesFor(rb, bPilotId)).toEqual(['pilot.linked', 'pilot_totals.updated']);
    // No event reaches another partner.
    expect(ra.received.every((r) => pilotIds.includes(r.event.data.pilot_id!))).toBe(true);
    expect(rb.received.every((r) => r.event.data.pilot_id === bPilotId)).toBe(true);

    for (const [rx, secret] of [
      [ra, endpointA.secret],
      [rb, endpointB.secret],
    ] as const) {
      for (const got of rx.received) {
        expect(() => verifySignature(secret, got)).not.toThrow();
        expect(got.headers['webhook-id']).toBe(got.event.id);
        expect(got.headers['user-agent']).toBe('PilotFlightTotals-Webhooks/1');
        expect(got.headers['content-type']).toBe('application/json');
        expect(got.event).toMatchObject({
          id: expect.stringMatching(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/),
          api_version: 'v1',
        });
      }
    }
    const linked = ra.delivered().find((e) => e.type === 'pilot.linked' && e.data.pilot_id === pilotIds[1]);
    expect(linked?.data).toEqual({ pilot_id: pilotIds[1], linked_at: expect.any(String) });
    const disconnected = ra.delivered().find((e) => e.type === 'pilot.disconnected');
    expect(disconnected?.data).toEqual({ pilot_id: pilotIds[0], disconnected_at: expect.any(String) });

    // Each read made on a totals event's arrival already showed the flight and a last_updated at least the event's.
    expect(readsOnArrival.length).toBeGreaterThanOrEqual(3);
    for (const { read, eventLastUpdated } of readsOnArrival) {
      expect(read.data.flight_count).toBe(1);
      expect(Date.parse(read.data.last_updated)).toBeGreaterThanOrEqual(Date.parse(eventLastUpdated));
    }
  }, 120_000);

  it('retries a receiver that answers 500 for a while, and delivers later in order per pilot', async () => {
    const partner = await suite.stack.partner();
    let failing = true;
    const rx = await receiver(() => (failing ? 500 : 200));
    const { id } = await suite.stack.endpoint(partner, rx.url);
    const pilot = suite.stack.pilot();
    const pilotId = await pilot.linkTo(partner);
    await pilot.recordFlight();
    await eventually(() => rx.received.length >= 3, 30_000, 'failed attempts');
    expect(rx.delivered()).toEqual([]);
    failing = false;
    await eventually(
      () => typesFor(rx, pilotId).length === 2,
      30_000,
      'deliveries once the receiver recovers',
    );
    expect(typesFor(rx, pilotId)).toEqual(['pilot.linked', 'pilot_totals.updated']);
    // Attempts of one event kept its id; a later event was not sent before the earlier one was delivered.
    const firstOk = rx.received.findIndex((r) => r.answered === 200);
    expect(rx.received.slice(0, firstOk).every((r) => r.event.type === 'pilot.linked')).toBe(true);
    const log = await fetch(`${suite.stack.service.partnerApi.url}/v1/webhook-endpoints/${id}/deliveries`, {
      headers: { authorization: `Bearer ${partner.key}` },
    }).then((r) => r.json() as Promise<any>);
    const linkedLog = log.data.deliveries.find((d: { type: string }) => d.type === 'pilot.linked');
    expect(linkedLog).toMatchObject({
      status: 'delivered',
      last_response_status: 200,
      next_attempt_at: null,
    });
    expect(linkedLog.attempts).toBeGreaterThan(1);
  }, 120_000);

  it('gives the other endpoint its deliveries at once while one never answers (measured)', async () => {
    const partner = await suite.stack.partner();
    const dead = await receiver(() => 'hang');
    const alive = await receiver();
    const deadEndpoint = await suite.stack.endpoint(partner, dead.url);
    const aliveEndpoint = await suite.stack.endpoint(partner, alive.url);
    const test = (endpointId: string) =>
      fetch(`${suite.stack.service.partnerApi.url}/v1/webhook-endpoints/${endpointId}/test`, {
        method: 'POST',
        headers: { authorization: `Bearer ${partner.key}` },
      });
    // The dead endpoint's queue fills first: more events than the dispatcher makes attempts at once
    // (WEBHOOK_CONCURRENCY, 32), each held until the 2 s timeout.
    for (let i = 0; i < 40; i++) expect((await test(deadEndpoint.id)).status).toBe(202);
    await eventually(() => dead.received.length >= 1, 10_000, 'the dead endpoint to be tried');
    const sent: number[] = [];
    for (let i = 0; i < 10; i++) {
      sent.push(Date.now());
      expect((await test(aliveEndpoint.id)).status).toBe(202);
    }
    await eventually(() => alive.delivered().length === 10, 20_000, 'the live endpoint’s events');
    const latencies = alive.received.map((r, i) => r.at - sent[i]!);
    const worst = Math.max(...latencies);
    process.stdout.write(
      `webhook latency to a live endpoint beside a dead one: max ${worst} ms, mean ${Math.round(latencies.reduce((s, l) => s + l, 0) / latencies.length)} ms (dead endpoint: 40 events, 2000 ms timeout)\n`,
    );
    // Generous: far below one dead attempt's timeout, which a shared queue would wait for.
    expect(worst).toBeLessThan(1500);
    expect(dead.delivered()).toEqual([]);
  }, 120_000);

  it('signs with every secret replaced within the day, after two rotations too, and follows no redirect', async () => {
    const partner = await suite.stack.partner();
    const target = await receiver();
    const redirecting = await receiver(() => 307);
    const rx = await receiver();
    const before = await suite.stack.endpoint(partner, rx.url);
    const partnerApi = suite.stack.service.partnerApi.url;
    const post = (path: string) =>
      fetch(`${partnerApi}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${partner.key}` },
      }).then((r) => r.json() as Promise<any>);
    const rotated = await post(`/v1/webhook-endpoints/${before.id}/rotate-secret`);
    await post(`/v1/webhook-endpoints/${before.id}/test`);
    await eventually(() => rx.delivered().length === 1, 20_000, 'the test event');
    const [got] = rx.received;
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => verifySignature(rotated.data.secret, got!)).not.toThrow();
    expect(() => verifySignature(before.secret, got!)).not.toThrow();
    // Rotated again within the day (a retry whose answer was lost, say): the secret deployed first
    // still verifies, beside the two after it.
    const again = await post(`/v1/webhook-endpoints/${before.id}/rotate-secret`);
    await post(`/v1/webhook-endpoints/${before.id}/test`);
    await eventually(() => rx.delivered().length === 2, 20_000, 'the second test event');
    const second = rx.received[1]!;
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(3);
    for (const secret of [again.data.secret, rotated.data.secret, before.secret])
      expect(() => verifySignature(secret as string, second)).not.toThrow();

    // A 307 (with a Location the receiver would follow) is a failed attempt, never followed.
    const hop = await suite.stack.endpoint(partner, redirecting.url);
    redirecting.answer = () => ({ status: 307, headers: { location: target.url } });
    await post(`/v1/webhook-endpoints/${hop.id}/test`);
    await eventually(() => redirecting.received.length >= 2, 20_000, 'retried attempts');
    expect(target.received).toEqual([]);
    const log = await fetch(`${partnerApi}/v1/webhook-endpoints/${hop.id}/deliveries`, {
      headers: { authorization: `Bearer ${partner.key}` },
    }).then((r) => r.json() as Promise<any>);
    expect(log.data.deliveries[0]).toMatchObject({ type: 'webhook.test', last_response_status: 307 });
    expect(log.data.deliveries[0].status).not.toBe('delivered');
  }, 120_000);
});
