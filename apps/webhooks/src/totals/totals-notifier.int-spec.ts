import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { ERASURE_DELETES } from '@pft/privacy';
import { withTestDataSource } from '@pft/testing';
import {
  consentMessage,
  madeEndpoint,
  partnerWithEndpoint,
  storeConnection,
} from '@pft/testing/webhook-ground';
import { disableEndpoint, enableEndpoint } from '@pft/webhooks';
import { takeInEvents } from '../intake/intake.statements';
import { notifyTotalsChanges } from './totals-notifier';

/**
 * A pilot whose totals changed links to a partner; the notifier looks before the intake has read the
 * link from the topic. The partner's endpoint gets the link's notice first, then the totals' (partner
 * platform 4.4: in order per endpoint and pilot); once the intake has read the link, nothing waits.
 */
describe('pilot_totals.updated after the pilot.linked of a connection just made (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  async function endpoint(): Promise<{ partnerId: string; endpointId: string }> {
    const { partnerId } = await createPartner(ds, `Totals after link ${randomUUID()}`);
    return {
      partnerId,
      endpointId: await madeEndpoint(ds, partnerId, ['pilot.linked', 'pilot_totals.updated']),
    };
  }

  /** A pilot with a totals change noted and folded. */
  async function changedPilot(): Promise<string> {
    const pilot = randomUUID();
    await ds.query(
      `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, updated_at)
       values ($1, 3, 0, now())`,
      [pilot],
    );
    await ds.query(`insert into webhook_totals_changes (pilot_account_id, changed_version) values ($1, 3)`, [
      pilot,
    ]);
    return pilot;
  }

  /** The pilot linked to the partner `linkedAgo` ago (committed; not read by the intake yet). */
  async function link(pilot: string, partnerId: string, linkedAgo = '0 seconds'): Promise<string> {
    const connection = randomUUID();
    await storeConnection(ds, { connection, partnerId, pilot, linkedAgo });
    return connection;
  }

  /** The intake reads the link from the topic (`again`: a message it has taken in before). */
  const readLink = (pilot: string, partnerId: string, connection: string, again = false) =>
    ds.transaction((tx) =>
      takeInEvents(
        tx,
        [
          consentMessage('PilotLinked', pilot, partnerId, {
            connection_id: connection,
            linked_at: new Date().toISOString(),
          }),
        ],
        { readBefore: () => again },
      ),
    );

  const queued = async (connection: string): Promise<string[]> =>
    (
      await ds.query<{ type: string }[]>(
        'select type from webhook_deliveries where ordering_key = $1 order by delivery_id',
        [connection],
      )
    ).map((r) => r.type);

  it('waits for the intake to read the link, then queues the totals’ notice after the link’s', async () => {
    const { partnerId } = await endpoint();
    const pilot = await changedPilot();
    const connection = await link(pilot, partnerId);
    await notifyTotalsChanges(ds, 0);
    expect(await queued(connection)).toEqual([]);
    expect(await readLink(pilot, partnerId, connection)).toBe(1);
    await notifyTotalsChanges(ds, 0);
    expect(await queued(connection)).toEqual(['pilot.linked', 'pilot_totals.updated']);
  });

  it('does not wait when the endpoint was disabled as the link was read, nor hold up other partners', async () => {
    const disabled = await endpoint();
    const other = await endpoint();
    const pilot = await changedPilot();
    const quiet = await link(pilot, disabled.partnerId);
    const told = await link(pilot, other.partnerId);
    expect(await disableEndpoint(ds, disabled.endpointId, 'operator')).toBe(true);
    expect(await readLink(pilot, disabled.partnerId, quiet)).toBe(0);
    expect(await readLink(pilot, other.partnerId, told)).toBe(1);
    expect(await enableEndpoint(ds, disabled.endpointId)).toBe(true);
    expect(await notifyTotalsChanges(ds, 0)).toBe(1);
    expect(await queued(quiet)).toEqual(['pilot_totals.updated']);
    expect(await queued(told)).toEqual(['pilot.linked', 'pilot_totals.updated']);
  });

  it('tells a pilot due while as many as it looks at wait for their links', async () => {
    const { partnerId } = await endpoint();
    const waiting = [await changedPilot(), await changedPilot()];
    for (const pilot of waiting) await link(pilot, partnerId);
    const ready = await changedPilot();
    const connection = await link(ready, partnerId);
    await readLink(ready, partnerId, connection);
    expect(await notifyTotalsChanges(ds, 0, waiting.length)).toBe(1);
    expect(await queued(connection)).toEqual(['pilot.linked', 'pilot_totals.updated']);
  });

  it('does not wait for a link’s notice that is not to come', async () => {
    // An endpoint made after the link: the link is not told to it.
    const { partnerId, endpointId } = await endpoint();
    await ds.query(
      `update webhook_endpoints set created_at = now() + interval '1 second' where endpoint_id = $1`,
      [endpointId],
    );
    const later = await link(await changedPilot(), partnerId);
    // An endpoint that takes no pilot.linked.
    const { partnerId: other } = await partnerWithEndpoint(ds, `Totals only ${randomUUID()}`, [
      'pilot_totals.updated',
    ]);
    const totalsOnly = await link(await changedPilot(), other);
    await notifyTotalsChanges(ds, 0);
    expect(await queued(later)).toEqual(['pilot_totals.updated']);
    expect(await queued(totalsOnly)).toEqual(['pilot_totals.updated']);
  });

  it('stops waiting for a link the intake does not read after a while', async () => {
    const { partnerId, endpointId } = await endpoint();
    await ds.query(
      `update webhook_endpoints set created_at = now() - interval '1 hour' where endpoint_id = $1`,
      [endpointId],
    );
    const connection = await link(await changedPilot(), partnerId, '6 minutes');
    await notifyTotalsChanges(ds, 0);
    expect(await queued(connection)).toEqual(['pilot_totals.updated']);
  });

  it('keeps no mark of a link read once the erasure deleted the connections', async () => {
    const { partnerId } = await endpoint();
    const pilot = await changedPilot();
    const connection = await link(pilot, partnerId);
    await readLink(pilot, partnerId, connection);
    const marks = async () =>
      (
        await ds.query<{ n: number }[]>(
          'select count(*)::int as n from webhook_link_reads where connection_id = $1',
          [connection],
        )
      )[0]!.n;
    expect(await marks()).toBe(1);
    await ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot));
    expect(await marks()).toBe(0);
    // Read again after the erasure: nothing queued, no mark.
    expect(await readLink(pilot, partnerId, connection, true)).toBe(0);
    expect(await marks()).toBe(0);
  });
});
