import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager } from 'typeorm';
import { endsOrWaitsOnALock, queuedBehindARow } from '@pft/testing';
import { madeEndpoint, queuedDisconnect } from '@pft/testing/webhook-ground';
import { disableEndpoint, queueWebhookEvent, redeliverEvent } from '@pft/webhooks';
import { claimAllDue, withPartnerGround, holdingDelivery } from '../webhooks-ground.test-support';
import { type ClaimedDelivery, recordDelivered, recordFailed } from './delivery.store';

/**
 * A dispatcher settling an attempt while its endpoint is disabled (by an operator, or by another
 * dispatcher after days of failures), which fails what is queued for it: both lock the endpoint and then
 * the delivery, so neither is aborted as a deadlock, and the delivery stays failed. An operator's
 * redelivery at the same time leaves nothing queued for the endpoint disabled.
 */
describe('a dispatcher settling an attempt beside its endpoint’s disable (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  withPartnerGround(5, 'Settle beside disable', (made) => ({ ds, partnerId } = made));

  /** A totals notice claimed by a dispatcher, to an endpoint failing since `failingSince`. */
  async function claimed(failingSince: Date | null): Promise<ClaimedDelivery> {
    const endpointId = await madeEndpoint(ds, partnerId, ['pilot_totals.updated']);
    await ds.query('update webhook_endpoints set failing_since = $2 where endpoint_id = $1', [
      endpointId,
      failingSince,
    ]);
    const pilotId = randomUUID();
    await queueWebhookEvent(ds, {
      endpointId,
      type: 'pilot_totals.updated',
      data: { pilot_id: pilotId, last_updated: new Date().toISOString() },
      orderingKey: pilotId,
      sourceKey: `totals:${pilotId}`,
    });
    const [delivery] = (await claimAllDue(ds)).filter((d) => d.endpoint_id === endpointId);
    if (!delivery) throw new Error('not claimed');
    return delivery;
  }

  const settles: [string, Date | null, (delivery: ClaimedDelivery) => Promise<unknown>][] = [
    ['failed', null, (d) => recordFailed(ds, d, { status: 503, error: 'down', retryInMs: 5_000 })],
    ['delivered', new Date(Date.now() - 60_000), (d) => recordDelivered(ds, d, 200)],
  ];

  it.each(settles)(
    'neither is aborted when the attempt %s is recorded as the endpoint is disabled',
    async (_, failingSince, settle) => {
      const delivery = await claimed(failingSince);
      // Holds the delivery's row, so that the dispatcher and then the disable both queue for it.
      const outcomes = await queuedBehindARow(
        ds,
        holdingDelivery(delivery.delivery_id),
        () => settle(delivery),
        () => disableEndpoint(ds, delivery.endpoint_id, 'by an operator'),
      );
      expect(outcomes).toEqual(['fulfilled', 'fulfilled']);
      const [row] = await ds.query<{ status: string }[]>(
        'select e.status from webhook_endpoints e where e.endpoint_id = $1',
        [delivery.endpoint_id],
      );
      expect(row!.status).toBe('disabled');
    },
    30_000,
  );

  it('leaves nothing queued for an endpoint disabled while a redelivery to it commits', async () => {
    const endpointId = await madeEndpoint(ds, partnerId, ['pilot.disconnected']);
    await queuedDisconnect(ds, partnerId, endpointId);
    const [delivery] = (await claimAllDue(ds)).filter((d) => d.endpoint_id === endpointId);
    await recordFailed(ds, delivery!, { status: 503, error: 'down', retryInMs: null });

    // The redelivery's transaction, held open once it has queued the delivery again.
    let reached!: () => void;
    let open!: () => void;
    const atCommit = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = {
      transaction: <T>(work: (tx: EntityManager) => Promise<T>) =>
        ds.transaction(async (tx) => {
          const result = await work(tx);
          reached();
          await gate;
          return result;
        }),
    } as unknown as DataSource;
    const redelivery = redeliverEvent(held, delivery!.event_id);
    await atCommit;
    const disable = disableEndpoint(ds, endpointId, 'by an operator');
    await endsOrWaitsOnALock(ds, disable, 'the disable to wait on a lock or end');
    open();
    expect(await redelivery).toEqual({ ok: true, queued: 1 });
    expect(await disable).toBe(true);
    const [row] = await ds.query<{ status: string }[]>(
      'select status from webhook_deliveries where delivery_id = $1',
      [delivery!.delivery_id],
    );
    expect(row!.status).toBe('failed');
  });
});
