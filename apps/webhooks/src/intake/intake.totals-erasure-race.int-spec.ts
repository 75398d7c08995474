import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type EventMessage } from '@pft/contracts';
import { endConnection } from '@pft/partners';
import { ERASURE_DELETES, lockPilotTotalsChanges } from '@pft/privacy';
import { endsOrWaitsOnALock, endsWithin, letGo, openTransaction, queuedBehindARow } from '@pft/testing';
import { storeConnection } from '@pft/testing/webhook-ground';
import { withPartnerGround } from '../webhooks-ground.test-support';
import { takeInEvents } from './intake.statements';

/**
 * A change of a pilot's logbook noted by the webhooks intake (for pilot_totals.updated) while the pilot's
 * erasure runs: the intake read the connection linked before the disconnects and commits after the
 * erasure deleted the totals changes. Nothing of the pilot may stay.
 */
describe('webhooks intake noting a totals change beside an erasure (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  withPartnerGround(
    4,
    'Totals erasure race',
    { events: ['pilot_totals.updated'] },
    (made) => ({ ds, partnerId } = made),
  );

  const flightRecorded = (pilot: string): EventMessage =>
    ({
      event_id: randomUUID(),
      type: 'FlightRecorded',
      version: 1,
      stream_id: `logbook-${pilot}`,
      stream_version: 3,
      position: '1',
      pilot_account_id: pilot,
      occurred_at: new Date().toISOString(),
      metadata: { command_last_version: 3 },
      payload: { pilot_account_id: pilot },
    }) as unknown as EventMessage;

  const changesOf = async (pilot: string): Promise<number> =>
    (
      await ds.query<{ n: number }[]>(
        'select count(*)::int as n from webhook_totals_changes where pilot_account_id = $1',
        [pilot],
      )
    )[0]!.n;

  it('keeps no totals change of the pilot when the intake noted it before the disconnect and commits after the erasure’s delete', async () => {
    const [pilot, connection] = [randomUUID(), randomUUID()];
    await storeConnection(ds, { connection, partnerId, pilot });
    const intake = await openTransaction(ds);
    let erasure: Promise<unknown> | undefined;
    try {
      // The intake reads the connection linked and notes the change, not committed yet.
      await takeInEvents(intake, [flightRecorded(pilot)]);
      // The erasure disconnects (it does not wait for the intake), then deletes the deliveries and changes.
      await endConnection(ds, connection, new Date().toISOString());
      erasure = ds.transaction(async (tx) => {
        await ERASURE_DELETES.webhookDeliveries(tx, pilot);
        await ERASURE_DELETES.connections(tx, pilot);
      });
      await endsOrWaitsOnALock(ds, erasure, 'the erasure to wait on the lock or end');
      await intake.commitTransaction();
    } finally {
      await letGo(intake);
    }
    await erasure;
    expect(await changesOf(pilot)).toBe(0);
  });

  it('notes nothing when the intake reads the connection after the disconnect', async () => {
    const [pilot, connection] = [randomUUID(), randomUUID()];
    await storeConnection(ds, { connection, partnerId, pilot, ended: true });
    const erasure = await openTransaction(ds);
    let intake: Promise<number> | undefined;
    try {
      await ERASURE_DELETES.webhookDeliveries(erasure, pilot);
      intake = ds.transaction((tx) => takeInEvents(tx, [flightRecorded(pilot)]));
      await endsOrWaitsOnALock(ds, intake, 'the erasure to wait on the lock or end');
      await erasure.commitTransaction();
    } finally {
      await letGo(erasure);
    }
    await intake;
    expect(await changesOf(pilot)).toBe(0);
  });

  /** Two account ids as time-ordered UUIDs (version 7) made in the same second: their first 48 bits alike. */
  const madeTogether = (): [string, string] => {
    const at = Date.now().toString(16).padStart(12, '0');
    const v7 = () => `${at.slice(0, 8)}-${at.slice(8)}-7${randomUUID().slice(15)}`;
    return [v7(), v7()];
  };

  it.each([
    ['random UUIDs', (): [string, string] => [randomUUID(), randomUUID()]],
    ['time-ordered UUIDs made together', madeTogether],
  ])(
    'notes another pilot’s change while the erasure holds its pilot’s, and holds up only that pilot’s (%s)',
    async (_, ids) => {
      const [erased, other] = ids();
      for (const [pilot, ended] of [
        [erased, true],
        [other, false],
      ] as const)
        await storeConnection(ds, { connection: randomUUID(), partnerId, pilot, ended });
      const erasure = await openTransaction(ds);
      let held: Promise<number> | undefined;
      try {
        await ERASURE_DELETES.webhookDeliveries(erasure, erased);
        // The erasure is under way: another pilot's batch is taken in meanwhile, not after it.
        const taken = ds.transaction((tx) => takeInEvents(tx, [flightRecorded(other)]));
        expect(await endsWithin(3000, taken)).toBe('ended');
        expect(await changesOf(other)).toBe(1);
        // A batch naming the pilot being erased waits for the erasure, and notes nothing of it after.
        held = ds.transaction((tx) => takeInEvents(tx, [flightRecorded(other), flightRecorded(erased)]));
        expect(await endsWithin(500, held)).toBe('still waiting');
        await erasure.commitTransaction();
      } finally {
        await letGo(erasure);
      }
      await held;
      expect(await changesOf(erased)).toBe(0);
      expect(await changesOf(other)).toBe(1);
    },
  );

  it('takes in two batches naming the same pilots in opposite orders without either being aborted', async () => {
    // Two pilots, named in opposite orders by two batches (whichever of their locks comes first).
    const [first, second] = [randomUUID(), randomUUID()];
    for (const pilot of [first, second])
      await storeConnection(ds, { connection: randomUUID(), partnerId, pilot });
    // An erasure holds the first pilot's lock; a batch naming the second pilot first comes before one
    // naming the first pilot first. Taken in the batches' order, the one would hold the second pilot's
    // lock while waiting for the first's, and the other the first's while waiting for the second's.
    const batches = await queuedBehindARow(
      ds,
      (erasure) => lockPilotTotalsChanges(erasure, [first]),
      () => ds.transaction((tx) => takeInEvents(tx, [flightRecorded(first), flightRecorded(second)])),
      () => ds.transaction((tx) => takeInEvents(tx, [flightRecorded(second), flightRecorded(first)])),
      'committed',
    );
    expect(batches).toEqual(['fulfilled', 'fulfilled']);
    expect([await changesOf(first), await changesOf(second)]).toEqual([1, 1]);
  });
});
