import { type DataSource } from 'typeorm';
import { ERASURE_DELETES } from '@pft/privacy';
import { deliveriesOf } from '@pft/testing/webhook-ground';
import {
  disconnectTakenIn,
  linkTakenIn,
  type PilotLink,
  queuedTotalsNotice,
  withPartnerGround,
} from '../webhooks-ground.test-support';
import { dispatchAll } from './dispatcher-rounds.test-support';

/**
 * A link's notices queued and not sent yet (the endpoint was down, the dispatcher behind) when the pilot
 * disconnects the partner, or has the account erased: the partner hears of the link, then of its end
 * (partner platform 4.4: in order per endpoint and pilot), never of what the pilot shared or of its
 * totals after the disconnect.
 */
describe('a link’s notices still queued when the pilot disconnects (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  let endpointId: string;
  withPartnerGround(
    3,
    'Link order',
    { events: ['pilot.linked', 'pilot.disconnected', 'pilot.sharing_updated', 'pilot_totals.updated'] },
    (made) => ({ ds, partnerId, endpointId } = made),
  );

  /** A pilot linked, sharing, its totals changed: each notice queued, none sent yet. */
  async function linkedNotSent(): Promise<PilotLink> {
    const link = await linkTakenIn(ds, partnerId, { sharing: true });
    await queuedTotalsNotice(ds, endpointId, link);
    return link;
  }

  it('tells of the link, then of the disconnect, and of nothing the pilot shared after it', async () => {
    const { pilot, connection } = await linkedNotSent();
    await disconnectTakenIn(ds, partnerId, { pilot, connection });

    expect(await dispatchAll(ds, { orderingKey: connection })).toEqual([
      'pilot.linked',
      'pilot.disconnected',
    ]);
    expect(await deliveriesOf(ds, connection)).toEqual([
      'pilot.linked delivered',
      'pilot.sharing_updated failed',
      'pilot_totals.updated failed',
      'pilot.disconnected delivered',
    ]);
  });

  it('tells of the link, then of the disconnect, when the account is erased, and keeps nothing once told', async () => {
    const { pilot, connection } = await linkedNotSent();
    // The erasure's disconnect, its notice taken in, then its steps through the pilot's connections.
    await disconnectTakenIn(ds, partnerId, { pilot, connection });
    await ds.transaction((tx) => ERASURE_DELETES.webhookDeliveries(tx, pilot));
    await ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot));

    expect(await deliveriesOf(ds, connection)).toEqual([
      'pilot.linked pending',
      'pilot.disconnected pending',
    ]);
    expect(await dispatchAll(ds, { orderingKey: connection })).toEqual([
      'pilot.linked',
      'pilot.disconnected',
    ]);
    expect(await deliveriesOf(ds, connection)).toEqual([]);
  });
});

/**
 * An endpoint that takes a link's pilot.linked but not its pilot.disconnected is never told of the end
 * of a link: a pilot.linked still queued for it when the pilot disconnects (or has the account erased)
 * would tell the partner of a link that has ended, with nothing after it. It is dropped as the pilot's
 * other notices are, and kept of an erased pilot no longer than that.
 */
describe('a pilot.linked still queued for an endpoint that takes no pilot.disconnected (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  withPartnerGround(
    3,
    'Links only',
    { events: ['pilot.linked'], url: 'https://links.example.com/pft' },
    (made) => ({ ds, partnerId } = made),
  );

  /** A pilot linked, the link's notice queued and not sent, then disconnected. */
  async function linkedThenDisconnected(): Promise<PilotLink> {
    const link = await linkTakenIn(ds, partnerId);
    await disconnectTakenIn(ds, partnerId, link);
    return link;
  }

  it('does not tell of the link once the pilot has disconnected', async () => {
    const { connection } = await linkedThenDisconnected();
    expect(await deliveriesOf(ds, connection)).toEqual(['pilot.linked pending']);
    expect(await dispatchAll(ds, { orderingKey: connection })).toEqual([]);
    expect(await deliveriesOf(ds, connection)).toEqual(['pilot.linked failed']);
  });

  it('does not tell of the link once the account is erased, and keeps nothing of it', async () => {
    const { pilot, connection } = await linkedThenDisconnected();
    await ds.transaction((tx) => ERASURE_DELETES.webhookDeliveries(tx, pilot));
    await ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot));
    expect(await dispatchAll(ds, { orderingKey: connection })).toEqual([]);
    expect(await deliveriesOf(ds, connection)).toEqual([]);
  });
});
