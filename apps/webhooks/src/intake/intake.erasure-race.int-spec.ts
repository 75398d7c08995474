import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type EventMessage } from '@pft/contracts';
import { ERASURE_DELETES } from '@pft/privacy';
import { endsOrWaitsOnALock, letGo, openTransaction, queuedBehindARow } from '@pft/testing';
import { consentMessage, storeConnection } from '@pft/testing/webhook-ground';
import { withPartnerGround } from '../webhooks-ground.test-support';
import { takeInEvents } from './intake.statements';

/**
 * A link (or a change of what it shares) taken in by the webhooks intake while the erasure deletes the
 * pilot's connections: whichever commits first, no delivery is kept of the erased pilot's pilot_id but
 * the link's notice still to go out (before the disconnect's: the partner hears of the link it redeemed,
 * then of its end), deleted once sent, and queued on the link's first read alone.
 */
describe('webhooks intake beside an erasure deleting the connections (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  let endpointId: string;
  withPartnerGround(
    5,
    'Erasure race',
    { events: ['pilot.linked', 'pilot.sharing_updated'] },
    (made) => ({ ds, partnerId, endpointId } = made),
  );

  /** A pilot disconnected by the erasure, whose connection the erasure is about to delete. */
  async function erasedPilot(): Promise<{ pilot: string; connection: string }> {
    const [pilot, connection] = [randomUUID(), randomUUID()];
    await storeConnection(ds, { connection, partnerId, pilot, ended: true });
    return { pilot, connection };
  }

  const message = (type: string, pilot: string, payload: object): EventMessage =>
    consentMessage(type, pilot, partnerId, payload);

  const late = (pilot: string, connection: string): EventMessage[] => [
    message('PilotLinked', pilot, { connection_id: connection, linked_at: new Date().toISOString() }),
    message('ExperienceSharingChanged', pilot, { connection_id: connection, share_experience: true }),
  ];

  const kept = async (connection: string): Promise<string[]> =>
    (
      await ds.query<{ type: string }[]>(
        'select type from webhook_deliveries where ordering_key = $1 order by delivery_id',
        [connection],
      )
    ).map((r) => r.type);

  /** Whether the intake's mark of the link read is kept (it must go with the connection). */
  const marked = async (connection: string): Promise<boolean> =>
    (await ds.query<unknown[]>('select 1 from webhook_link_reads where connection_id = $1', [connection]))
      .length > 0;

  it('keeps only the link’s notice when the intake took the link in first and commits after the erasure started', async () => {
    const { pilot, connection } = await erasedPilot();
    const intake = await openTransaction(ds);
    let erasure: Promise<unknown> | undefined;
    try {
      expect(await takeInEvents(intake, late(pilot, connection))).toBe(2);
      erasure = ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot));
      await endsOrWaitsOnALock(ds, erasure, 'the other transaction to wait on the lock or end');
      await intake.commitTransaction();
    } finally {
      await letGo(intake);
    }
    await erasure;
    expect(await kept(connection)).toEqual(['pilot.linked']);
    expect(await marked(connection)).toBe(false);
  });

  it('queues the link’s notice alone when the erasure deleted the connections first and commits after the intake started, and nothing when read again', async () => {
    const { pilot, connection } = await erasedPilot();
    const erasure = await openTransaction(ds);
    let intake: Promise<number> | undefined;
    try {
      await ERASURE_DELETES.connections(erasure, pilot);
      intake = ds.transaction((tx) => takeInEvents(tx, late(pilot, connection)));
      await endsOrWaitsOnALock(ds, intake, 'the other transaction to wait on the lock or end');
      await erasure.commitTransaction();
    } finally {
      await letGo(erasure);
    }
    // Read late, the link is told (its disconnect follows it): nothing of what the pilot shared.
    expect(await intake).toBe(1);
    expect(await kept(connection)).toEqual(['pilot.linked']);
    expect(await marked(connection)).toBe(false);
    // Sent and deleted since (its connection gone), then read again: not queued a second time.
    await ds.query('delete from webhook_deliveries where ordering_key = $1', [connection]);
    const again = await ds.transaction((tx) =>
      takeInEvents(tx, late(pilot, connection), { readBefore: () => true }),
    );
    expect(again).toBe(0);
    expect(await kept(connection)).toEqual([]);
  });

  it('takes in one pilot’s two links in one batch beside the erasure without either being aborted', async () => {
    // The erasure locks the connections in id order; a batch holding the later one first, and then
    // needing the earlier one the erasure holds, waited on it in a circle (deadlock detected).
    const { pilot, connection } = await erasedPilot();
    const second = randomUUID();
    await storeConnection(ds, { connection: second, partnerId, pilot, ended: true });
    const [first, later] = [connection, second].sort();
    const link = (id: string) =>
      message('PilotLinked', pilot, { connection_id: id, linked_at: new Date().toISOString() });
    // Holds the intake between its two links: it waits for the endpoint's row to queue the first.
    const outcomes = await queuedBehindARow(
      ds,
      (holder) =>
        holder.query('select 1 from webhook_endpoints where endpoint_id = $1 for update', [endpointId]),
      () => ds.transaction((tx) => takeInEvents(tx, [link(later!), link(first!)])),
      () => ds.transaction((tx) => ERASURE_DELETES.connections(tx, pilot)),
    );
    expect(outcomes).toEqual(['fulfilled', 'fulfilled']);
    for (const id of [first!, later!]) {
      expect(await kept(id)).toEqual(['pilot.linked']);
      expect(await marked(id)).toBe(false);
    }
  });
});
