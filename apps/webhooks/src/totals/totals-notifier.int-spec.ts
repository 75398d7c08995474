import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { createEndpoint, queueWebhookEvent } from '@pft/webhooks';
import { notifyTotalsChanges } from './totals-notifier';

/**
 * A pilot whose totals changed links to a partner; the notifier looks before the intake has read the
 * link from the topic. The partner's endpoint gets the link's notice first, then the totals' (partner
 * platform 4.4: in order per endpoint and pilot).
 */
describe('pilot_totals.updated after the pilot.linked of a connection just made (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  async function endpoint(): Promise<{ partnerId: string; endpointId: string }> {
    const { partnerId } = await createPartner(ds, `Totals after link ${randomUUID()}`);
    const made = await createEndpoint(ds, partnerId, 'https://hooks.example.com/pft', [
      'pilot.linked',
      'pilot_totals.updated',
    ]);
    if (!made.ok) throw new Error('no endpoint');
    return { partnerId, endpointId: made.endpoint.id };
  }

  /** A pilot with a totals change noted and folded, linked to the partner `linkedAgo` ago. */
  async function changedPilot(partnerId: string, linkedAgo = '0 seconds'): Promise<string> {
    const [pilot, connection] = [randomUUID(), randomUUID()];
    await ds.query(
      `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, updated_at)
       values ($1, 3, 0, now())`,
      [pilot],
    );
    await ds.query(`insert into webhook_totals_changes (pilot_account_id, changed_version) values ($1, 3)`, [
      pilot,
    ]);
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
       values ($1, $2, $3, now() - $4::interval)`,
      [connection, partnerId, pilot, linkedAgo],
    );
    return connection;
  }

  const linkTold = (endpointId: string, connection: string) =>
    queueWebhookEvent(ds, {
      endpointId,
      type: 'pilot.linked',
      data: { pilot_id: connection, linked_at: new Date().toISOString() },
      orderingKey: connection,
      sourceKey: `event:${randomUUID()}`,
    });

  const queued = async (connection: string): Promise<string[]> =>
    (
      await ds.query<{ type: string }[]>(
        'select type from webhook_deliveries where ordering_key = $1 order by delivery_id',
        [connection],
      )
    ).map((r) => r.type);

  it('waits for the link’s notice to be queued, then queues the totals’ after it', async () => {
    const { partnerId, endpointId } = await endpoint();
    const connection = await changedPilot(partnerId);
    await notifyTotalsChanges(ds, 0);
    expect(await queued(connection)).toEqual([]);
    expect(await linkTold(endpointId, connection)).toBe(true);
    await notifyTotalsChanges(ds, 0);
    expect(await queued(connection)).toEqual(['pilot.linked', 'pilot_totals.updated']);
  });

  it('does not wait for a link’s notice that is not to come', async () => {
    // An endpoint made after the link: the link is not told to it.
    const { partnerId, endpointId } = await endpoint();
    await ds.query(
      `update webhook_endpoints set created_at = now() + interval '1 second' where endpoint_id = $1`,
      [endpointId],
    );
    const later = await changedPilot(partnerId);
    // An endpoint that takes no pilot.linked.
    const { partnerId: other } = await createPartner(ds, `Totals only ${randomUUID()}`);
    const made = await createEndpoint(ds, other, 'https://hooks.example.com/pft', ['pilot_totals.updated']);
    if (!made.ok) throw new Error('no endpoint');
    const totalsOnly = await changedPilot(other);
    await notifyTotalsChanges(ds, 0);
    expect(await queued(later)).toEqual(['pilot_totals.updated']);
    expect(await queued(totalsOnly)).toEqual(['pilot_totals.updated']);
  });

  it('stops waiting for the link’s notice after a while', async () => {
    const { partnerId, endpointId } = await endpoint();
    await ds.query(
      `update webhook_endpoints set created_at = now() - interval '1 hour' where endpoint_id = $1`,
      [endpointId],
    );
    const connection = await changedPilot(partnerId, '6 minutes');
    await notifyTotalsChanges(ds, 0);
    expect(await queued(connection)).toEqual(['pilot_totals.updated']);
  });
});
