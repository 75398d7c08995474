import { setTimeout as sleep } from 'node:timers/promises';
import { type DataSource } from 'typeorm';
import { queuedDisconnect } from '@pft/testing/webhook-ground';
import { redeliverEvent } from '@pft/webhooks';
import { claimAllDue, withPartnerGround } from '../webhooks-ground.test-support';
import { type ClaimedDelivery, recordDelivered, recordDropped, recordFailed } from './delivery.store';

/**
 * A dispatcher that records its attempt only after its claim has lapsed (stalled past the lease), when
 * another dispatcher has claimed the delivery and is sending it: the late record leaves the other's claim
 * alone, so no third dispatcher claims the delivery, nor does a redelivery queue it, while it is being
 * sent.
 */
describe('an attempt recorded after its claim lapsed (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  let endpointId: string;
  withPartnerGround(
    3,
    'Late record',
    { events: ['pilot.disconnected'] },
    (made) => ({ ds, partnerId, endpointId } = made),
  );

  /** A dispatcher's claim, for `leaseMs`: the delivery of `eventId` if it got it. */
  const claim = async (eventId: string, leaseMs: number): Promise<ClaimedDelivery | undefined> =>
    (await claimAllDue(ds, leaseMs)).find((d) => d.event_id === eventId);

  /** A delivery claimed by a first dispatcher whose claim lapsed, then by a second one: both claims. */
  async function claimedTwice(): Promise<{
    eventId: string;
    late: ClaimedDelivery;
    sending: ClaimedDelivery;
  }> {
    // A pilot's disconnect: its connection kept, ended.
    const { eventId } = await queuedDisconnect(ds, partnerId, endpointId);
    const late = await claim(eventId, 1);
    await sleep(20);
    const sending = await claim(eventId, 60_000);
    if (!late || !sending) throw new Error('not claimed twice');
    return { eventId, late, sending };
  }

  it('leaves the claim of the dispatcher sending it now when the late one failed and is to retry', async () => {
    const { eventId, late, sending } = await claimedTwice();
    await recordFailed(ds, late, { status: 503, error: 'down', retryInMs: 0 });
    expect(await claim(eventId, 60_000)).toBeUndefined();
    expect(await redeliverEvent(ds, eventId)).toMatchObject({ ok: false, reason: 'in_flight' });

    // The one sending it records its own attempt: its claim ends, and the retry is claimed.
    await recordFailed(ds, sending, { status: 503, error: 'down', retryInMs: 0 });
    expect((await claim(eventId, 60_000))?.event_id).toBe(eventId);
  });

  it.each([
    ['delivered', (d: ClaimedDelivery) => recordDelivered(ds, d, 200)],
    ['dropped', (d: ClaimedDelivery) => recordDropped(ds, d)],
  ])(
    'leaves the claim of the dispatcher sending it now when the late one %s it: no redelivery meanwhile',
    async (_, settle) => {
      const { eventId, late, sending } = await claimedTwice();
      await settle(late);
      expect(await redeliverEvent(ds, eventId)).toMatchObject({ ok: false, reason: 'in_flight' });
      await recordDelivered(ds, sending, 200);
      expect(await redeliverEvent(ds, eventId)).toEqual({ ok: true, queued: 1 });
    },
  );
});
