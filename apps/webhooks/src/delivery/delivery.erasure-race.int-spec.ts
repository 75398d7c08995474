import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { ERASURE_DELETES } from '@pft/privacy';
import { queuedBehindARow } from '@pft/testing';
import { madeEndpoint, storeConnection } from '@pft/testing/webhook-ground';
import { disableEndpoint, queueWebhookEvent } from '@pft/webhooks';
import { claimAllDue, withPartnerGround, holdingDelivery } from '../webhooks-ground.test-support';
import { type ClaimedDelivery, recordDelivered, recordDropped, recordFailed } from './delivery.store';

/**
 * A dispatcher settling a link's notice that was settled already (its endpoint disabled while the
 * attempt was out) while the erasure deletes the pilot's connections, and the settled notices with
 * them: both lock the connection and the notice, in one order, so neither is aborted as a deadlock, and
 * the notice is deleted whichever commits first.
 */
describe('a dispatcher settling a link notice beside the erasure deleting its connection (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  withPartnerGround(5, 'Settle beside erasure', (made) => ({ ds, partnerId } = made));

  /**
   * An erased pilot's pilot.linked claimed by a dispatcher, then failed by its endpoint's disable while
   * the attempt was out: the connection is still there, ended, for the erasure to delete.
   */
  async function claimedThenDisabled(): Promise<{ pilot: string; delivery: ClaimedDelivery }> {
    const endpointId = await madeEndpoint(ds, partnerId, ['pilot.linked', 'pilot.disconnected']);
    const [pilot, connection] = [randomUUID(), randomUUID()];
    await storeConnection(ds, { connection, partnerId, pilot, ended: true });
    await queueWebhookEvent(ds, {
      endpointId,
      type: 'pilot.linked',
      data: { pilot_id: connection, linked_at: new Date().toISOString() },
      orderingKey: connection,
      sourceKey: `linked:${connection}`,
    });
    const [delivery] = (await claimAllDue(ds)).filter((d) => d.ordering_key === connection);
    if (!delivery) throw new Error('not claimed');
    expect(await disableEndpoint(ds, endpointId, 'by an operator')).toBe(true);
    return { pilot, delivery };
  }

  const settles: [string, (delivery: ClaimedDelivery) => Promise<unknown>][] = [
    ['delivered', (d) => recordDelivered(ds, d, 200)],
    ['failed', (d) => recordFailed(ds, d, { status: 503, error: 'down', retryInMs: 5_000 })],
    ['dropped', (d) => recordDropped(ds, d)],
  ];

  it.each(settles)(
    'neither is aborted when the notice is %s as the erasure deletes the connection, and the notice is deleted',
    async (_, settle) => {
      const { pilot, delivery } = await claimedThenDisabled();
      // Holds the notice's row, so that the dispatcher and then the erasure both queue for it.
      const outcomes = await queuedBehindARow(
        ds,
        holdingDelivery(delivery.delivery_id),
        () => settle(delivery),
        () => ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot)),
      );
      expect(outcomes).toEqual(['fulfilled', 'fulfilled']);
      const kept = await ds.query<unknown[]>('select 1 from webhook_deliveries where delivery_id = $1', [
        delivery.delivery_id,
      ]);
      expect(kept).toEqual([]);
    },
    30_000,
  );
});
