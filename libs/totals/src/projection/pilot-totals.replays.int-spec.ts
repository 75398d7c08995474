import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import { type LogbookEvent } from '@pft/contracts';
import { DataKeys } from '@pft/privacy';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { RelayedEvents, storedFlight, testMasterKeys, withTestDataSource } from '@pft/testing';
import { flightRecorded } from '@pft/testing/oracle';
import { applyPilotTotalsBatch } from './pilot-totals.batch';
import { deletePilotProjection } from './pilot-totals.erasure';
import { readPilotTotals } from '../read/pilot-totals.read-model';

/** Copies of earlier messages published again later (a relay's duplicate), and where the batches end. */
const deliveryArb = fc.record({
  duplicatesBefore: fc.array(fc.nat(), { maxLength: 4 }),
  duplicatesBetween: fc.array(fc.nat(), { maxLength: 4 }),
  duplicatesAfter: fc.array(fc.nat(), { maxLength: 6 }),
  readBeforeErasure: fc.nat(),
  cuts: fc.array(fc.nat(), { maxLength: 6 }),
  rereads: fc.array(fc.nat(), { maxLength: 3 }),
  /** Which of two projector replicas (each with its own memory of keys) reads each batch. */
  replicas: fc.array(fc.boolean(), { maxLength: 8 }),
});

/**
 * The projector reads a partition at least once, with messages published twice, and an erasure
 * happening while it reads: account A records flights, is erased (its key destroyed, its rows deleted by
 * the erasure, AccountErased appended) and comes back with a new flight under a new key; account B
 * records flights throughout. Whatever the delivery order and whenever the erasure comes, A ends with its
 * new flight only and B with both of its own: a late or duplicated event, AccountErased among them,
 * never takes A's new flight away, brings an old one back, or touches B, though the replica that reads
 * it may still hold A's old key in memory.
 */
describe('pilot totals batch: replays and duplicates around an erasure (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));
  /** Each run reads a partition of its own: the stored offsets are the partition's. */
  let partition = 0;

  it('ends with the erased account’s new flights only and the other account’s untouched', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryArb, async (d) => {
        const [a, b] = [randomUUID(), randomUUID()];
        const target = { version: 1, topic: 't', partition: partition++ };
        const topic: ConsumedMessage[] = [];
        const writer = new DataKeys(testMasterKeys);
        // Two replicas taking the partition in turns (rebalances), each with its own keys in memory.
        const replicas = [new DataKeys(testMasterKeys), new DataKeys(testMasterKeys)];
        let batches = 0;
        const publish = (m: ConsumedMessage) => topic.push({ ...m, offset: String(topic.length) });
        const relayed = new RelayedEvents();
        async function append(pilot: string, event: LogbookEvent, sealed: boolean): Promise<void> {
          const sealing = sealed ? { keys: writer, db: ds } : undefined;
          publish(await relayed.message(pilot, event, topic.length, sealing));
        }
        const recorded = (pilot: string, minutes: number): LogbookEvent =>
          flightRecorded(
            pilot,
            storedFlight({ minutes: { total_flight_time: minutes, pic: minutes, single_engine: minutes } }),
          );
        let read = 0;
        const readTo = async (to: number) => {
          const cuts = [...new Set(d.cuts.map((c) => read + (c % (to - read + 1))))].sort((x, y) => x - y);
          for (const end of [...cuts, to]) {
            if (end <= read) continue;
            // A consumer may fetch again from an earlier offset (its commit lost): the stored offset
            // keeps what was applied from being applied again.
            const from = d.rereads.includes(end) ? Math.max(0, read - 2) : read;
            await ds.transaction((tx) =>
              applyPilotTotalsBatch(tx, target, topic.slice(from, end), {
                keys: replicas[d.replicas[batches++ % Math.max(1, d.replicas.length)] ? 1 : 0],
              }),
            );
            read = end;
          }
        };
        const duplicate = (picks: number[]) => {
          const upTo = topic.length;
          for (const pick of picks) publish(topic[pick % upTo]!);
        };

        await append(a, recorded(a, 60), true);
        await append(b, recorded(b, 30), true);
        await append(a, recorded(a, 90), true);
        duplicate(d.duplicatesBefore);
        // The projector has read some of it, and holds A's key, when the erasure comes.
        await readTo(d.readBeforeErasure % (topic.length + 1));
        await ds.transaction(async (tx) => {
          await writer.destroy(tx, a);
          await deletePilotProjection(tx, a);
        });
        await append(
          a,
          {
            type: 'AccountErased',
            version: 1,
            payload: { pilot_account_id: a, erased_at: new Date().toISOString() },
          },
          false,
        );
        await append(b, recorded(b, 45), true);
        // Published again before A comes back, as after it.
        duplicate(d.duplicatesBetween);
        await append(a, recorded(a, 120), true);
        duplicate(d.duplicatesAfter);
        await readTo(topic.length);

        const totals = await readPilotTotals(ds, [a, b]);
        expect(totals.get(a)?.totals).toMatchObject({
          flight_count: 1,
          totals: { total_flight_time_minutes: 120 },
        });
        expect(totals.get(b)?.totals).toMatchObject({
          flight_count: 2,
          totals: { total_flight_time_minutes: 75 },
        });
        const letters = await ds.query<{ n: number }[]>(
          `select count(*)::int as n from projection_dead_letters where pilot_account_id = any($1::uuid[])`,
          [[a, b]],
        );
        expect(letters).toEqual([{ n: 0 }]);
      }),
      { numRuns: 60 },
    );
  });
});
