import { type DataSource } from 'typeorm';
import { letGo, lockWaiters, openTransaction } from '@pft/testing';
import { madeEndpoint, queuedDisconnect } from '@pft/testing/webhook-ground';
import { disableEndpoint, enableEndpoint, redeliverEvent } from '@pft/webhooks';
import { claimAllDue, withPartnerGround } from '../webhooks-ground.test-support';
import { type ClaimedDelivery, recordDelivered } from './delivery.store';

/**
 * An operator's redelivery (`pft webhooks redeliver`) of a delivery a dispatcher is sending right now:
 * refused, nothing queued, until that attempt has settled. Queued again at once, its claim cleared, a
 * second dispatcher would claim it and send it while the first still does (partner platform 4.4: at
 * least once, but never one delivery sent twice at once).
 */
describe('redelivering a delivery that is being sent (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  withPartnerGround(4, 'Redelivery in flight', (made) => ({ ds, partnerId } = made));

  /** A pilot.disconnected queued for a new endpoint: its endpoint and event ids. */
  async function queued(): Promise<{ endpointId: string; eventId: string }> {
    const endpointId = await madeEndpoint(ds, partnerId, ['pilot.disconnected']);
    // The pilot disconnected from the partner: its connection kept, ended.
    const { eventId } = await queuedDisconnect(ds, partnerId, endpointId);
    return { endpointId, eventId };
  }

  /** A dispatcher's claim: the deliveries of `endpointId` it got. */
  const claim = async (endpointId: string): Promise<ClaimedDelivery[]> =>
    (await claimAllDue(ds)).filter((d) => d.endpoint_id === endpointId);

  const inFlight = (endpointId: string) => ({
    ok: false,
    reason: 'in_flight',
    endpointId,
    claimedUntil: expect.any(Date) as Date,
  });

  it('refuses it while the attempt is out, so no second dispatcher sends it at the same time', async () => {
    const { endpointId, eventId } = await queued();
    const [sending] = await claim(endpointId);
    expect(sending?.event_id).toBe(eventId);

    expect(await redeliverEvent(ds, eventId)).toEqual(inFlight(endpointId));
    expect(await redeliverEvent(ds, eventId, endpointId)).toEqual(inFlight(endpointId));
    expect(await claim(endpointId)).toEqual([]);

    // Settled, it is delivered again as asked: once, by one dispatcher.
    await recordDelivered(ds, sending!, 200);
    expect(await redeliverEvent(ds, eventId)).toEqual({ ok: true, queued: 1 });
    expect((await claim(endpointId)).map((d) => d.event_id)).toEqual([eventId]);
  });

  it('refuses it while the attempt is out after its endpoint was disabled and enabled again meanwhile', async () => {
    const { endpointId, eventId } = await queued();
    const [sending] = await claim(endpointId);
    expect(sending?.event_id).toBe(eventId);
    expect(await disableEndpoint(ds, endpointId, 'by an operator')).toBe(true);
    expect(await enableEndpoint(ds, endpointId)).toBe(true);

    expect(await redeliverEvent(ds, eventId)).toEqual(inFlight(endpointId));
    expect(await claim(endpointId)).toEqual([]);
  });

  it('sees a claim committed while it waits for the delivery’s row', async () => {
    const { endpointId, eventId } = await queued();
    // A dispatcher claiming the delivery: its row locked and its claim set, not committed yet.
    const dispatcher = await openTransaction(ds);
    let redelivery: ReturnType<typeof redeliverEvent> | undefined;
    try {
      await dispatcher.query(
        `update webhook_deliveries set claimed_until = now() + interval '1 minute' where event_id = $1`,
        [eventId],
      );
      redelivery = redeliverEvent(ds, eventId);
      await lockWaiters(ds, 1, 'the redelivery to wait on the delivery’s row');
      await dispatcher.commitTransaction();
    } finally {
      await letGo(dispatcher);
    }
    expect(await redelivery).toEqual(inFlight(endpointId));
    expect(await claim(endpointId)).toEqual([]);
  });
});
