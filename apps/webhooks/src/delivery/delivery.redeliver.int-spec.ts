import { type DataSource } from 'typeorm';
import { ERASURE_DELETES } from '@pft/privacy';
import { redeliverEvent } from '@pft/webhooks';
import {
  disconnectTakenIn,
  linkTakenIn,
  queuedTotalsNotice,
  withPartnerGround,
} from '../webhooks-ground.test-support';
import { dispatchAll as dispatchAllOf } from './dispatcher-rounds.test-support';

/**
 * An operator's redelivery (`pft webhooks redeliver`) of a notice about a pilot that failed (its
 * endpoint was down through every retry): never sent once the pilot's link has ended, where it would
 * reach the partner after that link's pilot.disconnected (a pilot.linked read as the pilot linking
 * again); sent, in order, while the link lasts.
 */
describe('redelivering a failed notice about a pilot (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  let endpointId: string;
  withPartnerGround(
    3,
    'Redelivery',
    { events: ['pilot.linked', 'pilot.disconnected', 'pilot_totals.updated'] },
    (made) => ({ ds, partnerId, endpointId } = made),
  );

  /**
   * The dispatcher's rounds until nothing is due, each attempt answered `status`: what was sent about
   * `connection`.
   */
  const dispatchAll = (connection: string, status: number) =>
    dispatchAllOf(ds, { status, orderingKey: connection });

  /** A pilot linked, the link's pilot.linked and a totals notice failed for good: their event ids. */
  async function failedLink(): Promise<{
    pilot: string;
    connection: string;
    linked: string;
    totals: string;
  }> {
    const { pilot, connection } = await linkTakenIn(ds, partnerId);
    await queuedTotalsNotice(ds, endpointId, { pilot, connection });
    expect(await dispatchAll(connection, 503)).toEqual(['pilot.linked', 'pilot_totals.updated']);
    const ids = await ds.query<{ type: string; event_id: string }[]>(
      `select type, event_id from webhook_deliveries where ordering_key = $1 and status = 'failed'`,
      [connection],
    );
    const id = (type: string) => ids.find((r) => r.type === type)!.event_id;
    return { pilot, connection, linked: id('pilot.linked'), totals: id('pilot_totals.updated') };
  }

  const disconnect = (pilot: string, connection: string) =>
    disconnectTakenIn(ds, partnerId, { pilot, connection });

  it('refuses a pilot.linked, or any notice about the pilot, once the pilot has disconnected: nothing sent after the disconnect', async () => {
    const { pilot, connection, linked, totals } = await failedLink();
    await disconnect(pilot, connection);
    expect(await dispatchAll(connection, 200)).toEqual(['pilot.disconnected']);

    expect(await redeliverEvent(ds, linked)).toEqual({
      ok: false,
      reason: 'link_ended',
      type: 'pilot.linked',
    });
    expect(await redeliverEvent(ds, totals, endpointId)).toEqual({
      ok: false,
      reason: 'link_ended',
      type: 'pilot_totals.updated',
    });
    expect(await dispatchAll(connection, 200)).toEqual([]);
    const [row] = await ds.query<{ status: string }[]>(
      'select status from webhook_deliveries where event_id = $1',
      [linked],
    );
    expect(row!.status).toBe('failed');
  });

  it('finds nothing to send of it once the account is erased', async () => {
    const { pilot, connection, linked } = await failedLink();
    await disconnect(pilot, connection);
    await ds.transaction((tx) => ERASURE_DELETES.webhookDeliveries(tx, pilot));
    await ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot));
    expect(await redeliverEvent(ds, linked)).toEqual({ ok: true, queued: 0 });
    expect(await dispatchAll(connection, 200)).toEqual(['pilot.disconnected']);
  });

  it('sends a failed pilot.linked again while the link lasts, before what comes after it', async () => {
    const { pilot, connection, linked } = await failedLink();
    expect(await redeliverEvent(ds, linked)).toEqual({ ok: true, queued: 1 });
    await disconnect(pilot, connection);
    expect(await dispatchAll(connection, 200)).toEqual(['pilot.linked', 'pilot.disconnected']);
  });
});
