import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { endConnection } from '@pft/partners';
import { ERASURE_DELETES } from '@pft/privacy';
import { endsOrWaitsOnALock, letGo, lockWaiters, openTransaction, withTestDataSource } from '@pft/testing';
import { deliveriesOf, partnerWithEndpoint, storeConnection } from '@pft/testing/webhook-ground';
import { notifyTotalsChanges } from './totals-notifier';

/**
 * The totals notifier queues a pilot_totals.updated through a connection it read linked, while the
 * pilot's erasure disconnects it and deletes its connections: the notice must not outlive them.
 */
describe('pilot_totals.updated queued beside an erasure (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  it('keeps no notice of a connection the erasure deleted while the notifier was queueing through it', async () => {
    const { partnerId, endpointId } = await partnerWithEndpoint(
      ds,
      `Totals notice erasure race ${randomUUID()}`,
      ['pilot_totals.updated'],
    );
    const [pilot, connection] = [randomUUID(), randomUUID()];
    // Linked an hour ago (its link long told), its totals changed and folded.
    await storeConnection(ds, { connection, partnerId, pilot, linkedAgo: '1 hour' });
    await ds.query(
      `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, updated_at) values ($1, 3, 0, now())`,
      [pilot],
    );
    await ds.query(`insert into webhook_totals_changes (pilot_account_id, changed_version) values ($1, 3)`, [
      pilot,
    ]);

    // The endpoint's row held: the notifier's delivery (which references it) waits after the notifier
    // has read the connection, and its transaction stays open meanwhile.
    const holder = await openTransaction(ds);
    let notifying: Promise<number> | undefined;
    let erasing: Promise<void> | undefined;
    try {
      await holder.query('select 1 from webhook_endpoints where endpoint_id = $1 for update', [endpointId]);
      notifying = notifyTotalsChanges(ds, 0);
      await lockWaiters(ds, 1, 'the notifier to wait');

      // The erasure: the disconnect, then its steps one transaction each, as the erasure runs them.
      erasing = (async () => {
        await endConnection(ds, connection, new Date().toISOString());
        await ds.transaction((tx) => ERASURE_DELETES.webhookDeliveries(tx, pilot));
        await ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot));
      })();
      // The erasure ends, or waits for the notifier (two sessions waiting).
      await endsOrWaitsOnALock(ds, erasing, 'the erasure to end or wait', 2);
      await holder.commitTransaction();
    } finally {
      await letGo(holder);
    }
    await notifying;
    await erasing;

    expect(await deliveriesOf(ds, connection)).toEqual([]);
    expect(await ds.query(`select 1 from connections where connection_id = $1`, [connection])).toEqual([]);
  });

  it('tells of another pilot’s totals while an erasure is deleting its pilot’s, and not of that pilot’s', async () => {
    const { partnerId, endpointId } = await partnerWithEndpoint(
      ds,
      `Totals notice beside an erasure ${randomUUID()}`,
      ['pilot_totals.updated'],
    );
    const [erased, other] = [randomUUID(), randomUUID()];
    const connectionOf = new Map([
      [erased, randomUUID()],
      [other, randomUUID()],
    ]);
    // Both linked an hour ago, their totals changed and folded.
    for (const [pilot, connection] of connectionOf) {
      await storeConnection(ds, { connection, partnerId, pilot, linkedAgo: '1 hour' });
      await ds.query(
        `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, updated_at) values ($1, 3, 0, now())`,
        [pilot],
      );
      await ds.query(
        `insert into webhook_totals_changes (pilot_account_id, changed_version) values ($1, 3)`,
        [pilot],
      );
    }
    await endConnection(ds, connectionOf.get(erased)!, new Date().toISOString());
    const erasure = await openTransaction(ds);
    try {
      await ERASURE_DELETES.webhookDeliveries(erasure, erased);
      // The erasure is under way: the notifier's look tells of the other pilot meanwhile.
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        notifyTotalsChanges(ds, 0),
        new Promise((resolve) => (timer = setTimeout(resolve, 3000, 'held up'))),
      ]);
      clearTimeout(timer);
      expect(outcome).toBe(1);
      await erasure.commitTransaction();
    } finally {
      await letGo(erasure);
    }
    const told = await ds.query<{ ordering_key: string }[]>(
      `select ordering_key from webhook_deliveries where endpoint_id = $1`,
      [endpointId],
    );
    expect(told).toEqual([{ ordering_key: connectionOf.get(other) }]);
    expect(await notifyTotalsChanges(ds, 0)).toBe(0);
  });
});
