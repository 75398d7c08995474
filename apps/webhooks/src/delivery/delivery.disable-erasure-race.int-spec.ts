import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { ERASURE_DELETES } from '@pft/privacy';
import { queuedBehindARow } from '@pft/testing';
import { deliveriesOf, storeConnection } from '@pft/testing/webhook-ground';
import { disableEndpoint, queueWebhookEvent } from '@pft/webhooks';
import { holdingDelivery, withPartnerGround } from '../webhooks-ground.test-support';

/**
 * An endpoint disabled while the erasure deletes the connections of a pilot with a link's notice and a
 * change of what it shared queued for that endpoint: the disable fails both and deletes the notice once
 * failed (its connection gone), the erasure deletes the change; both lock the connection before the
 * deliveries, so neither is aborted as a deadlock, and nothing of the pilot is kept.
 */
describe('an endpoint disabled beside the erasure deleting the connections (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  let endpointId: string;
  withPartnerGround(
    5,
    'Disable beside erasure',
    { events: ['pilot.linked', 'pilot.disconnected', 'pilot.sharing_updated'] },
    (made) => ({ ds, partnerId, endpointId } = made),
  );

  it('neither is aborted, and nothing of the pilot is kept', async () => {
    // The erased pilot's connection, ended, still queued: its pilot.linked and a change of what it
    // shared taken in late (after the erasure's step of deliveries).
    const [pilot, connection] = [randomUUID(), randomUUID()];
    await storeConnection(ds, { connection, partnerId, pilot, ended: true });
    for (const type of ['pilot.linked', 'pilot.sharing_updated'] as const)
      await queueWebhookEvent(ds, {
        endpointId,
        type,
        data: { pilot_id: connection },
        orderingKey: connection,
        sourceKey: `${type}:${connection}`,
      });
    const [shared] = await ds.query<{ delivery_id: string }[]>(
      `select delivery_id::text as delivery_id from webhook_deliveries where ordering_key = $1 and type = 'pilot.sharing_updated'`,
      [connection],
    );

    // Holds the change's row, so that the disable and then the erasure both queue for it.
    const outcomes = await queuedBehindARow(
      ds,
      holdingDelivery(shared!.delivery_id),
      () => disableEndpoint(ds, endpointId, 'by an operator'),
      () => ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot)),
    );
    expect(outcomes).toEqual(['fulfilled', 'fulfilled']);
    expect(await deliveriesOf(ds, connection)).toEqual([]);
  }, 30_000);
});
