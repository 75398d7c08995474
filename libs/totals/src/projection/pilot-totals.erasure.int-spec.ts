import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type LogbookEvent } from '@pft/contracts';
import { MESSAGES_FOR_THREAD, DataKeys } from '@pft/privacy';
import { OpeningThread } from '@pft/privacy/crypto/opening-thread';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { RelayedEvents, storedFlight, testMasterKeys, withTestDataSource } from '@pft/testing';
import { flightRecorded } from '@pft/testing/oracle';
import { applyPilotTotalsBatch, type BatchOutcome } from './pilot-totals.batch';
import { readPilotExperience } from '../read/pilot-experience.read';
import { readPilotTotals } from '../read/pilot-totals.read-model';
import { deletePilotProjection } from './pilot-totals.erasure';

/**
 * The projector meets the events of an erased pilot: sealed payloads whose key is gone are skipped as
 * a pilot with no data (no dead letter), AccountErased deletes the pilot's rows, and payloads stored in
 * the clear before sealing still count.
 */
describe('pilot totals batch: sealed payloads and erased accounts (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));
  let offset = 0;

  const relayed = new RelayedEvents();
  /** The event as the relay publishes it: sealed with `keys` when given (the writer's), else in the clear. */
  const message = (pilot: string, event: LogbookEvent, keys?: DataKeys): Promise<ConsumedMessage> =>
    relayed.message(pilot, event, offset++, keys && { keys, db: ds });

  const NO_ROWS = { totals: 0, flights: 0, days: 0, years: 0 };
  /** How many rows the pilot has in each table of the projection's version 1. */
  const rowsOf = async (pilot: string): Promise<Record<keyof typeof NO_ROWS, number>> => {
    const [counts] = await ds.query<Record<keyof typeof NO_ROWS, number>[]>(
      `select (select count(*)::int from pilot_totals_v1 where pilot_account_id = $1) as totals,
              (select count(*)::int from pilot_flights_v1 where pilot_account_id = $1) as flights,
              (select count(*)::int from pilot_experience_days_v1 where pilot_account_id = $1) as days,
              (select count(*)::int from pilot_experience_years_v1 where pilot_account_id = $1) as years`,
      [pilot],
    );
    return counts!;
  };

  const apply = (messages: ConsumedMessage[], keys: DataKeys): Promise<BatchOutcome> =>
    ds.transaction((tx) =>
      applyPilotTotalsBatch(tx, { version: 1, topic: 't', partition: 0 }, messages, { keys }),
    );

  const recorded = (pilot: string): LogbookEvent =>
    flightRecorded(pilot, storedFlight({ remarks: 'secret remark' }));
  const erased = (pilot: string): LogbookEvent => ({
    type: 'AccountErased',
    version: 1,
    payload: { pilot_account_id: pilot, erased_at: new Date().toISOString() },
  });

  it('folds sealed payloads, then drops the pilot at AccountErased although its key was still in memory', async () => {
    const pilot = randomUUID();
    const writer = new DataKeys(testMasterKeys);
    const projector = new DataKeys(testMasterKeys);
    const first = await apply([await message(pilot, recorded(pilot), writer)], projector);
    expect(first).toMatchObject({ applied: 1, deadLetters: [] });
    expect((await readPilotTotals(ds, [pilot])).get(pilot)?.totals.flight_count).toBe(1);
    // The erasure: the key destroyed elsewhere; this projector still holds it.
    await new DataKeys(testMasterKeys).destroy(ds, pilot);
    const second = await apply(
      [await message(pilot, recorded(pilot), writer), await message(pilot, erased(pilot))],
      projector,
    );
    expect(second.deadLetters).toEqual([]);
    expect((await readPilotTotals(ds, [pilot])).has(pilot)).toBe(false);
    expect(await readPilotExperience(ds, pilot, '2026-12-31')).toBeUndefined();
    expect(await rowsOf(pilot)).toEqual(NO_ROWS);
  });

  it('deletes the pilot’s dead letters from before AccountErased, one recorded after the erasure’s own delete too, and keeps the new account’s', async () => {
    const pilot = randomUUID();
    const keys = new DataKeys(testMasterKeys);
    // A flight under a key outside the catalog: the projector sets it aside as a dead letter naming the pilot.
    const outsideCatalog = (): LogbookEvent =>
      flightRecorded(pilot, {
        ...storedFlight(),
        aircraft: { category: 'airplane', rating_key: 'type_no_such_aircraft' },
      });
    const deadLetterOffsets = async (): Promise<string[]> =>
      (
        await ds.query<{ kafka_offset: string }[]>(
          `select kafka_offset from projection_dead_letters where pilot_account_id = $1 order by kafka_offset`,
          [pilot],
        )
      ).map((r) => r.kafka_offset);

    // Recorded by a projector that still held the pilot's key after the erasure's step deleted the rest.
    const late = await message(pilot, outsideCatalog());
    expect((await apply([late], keys)).deadLetters).toHaveLength(1);
    expect(await deadLetterOffsets()).toEqual([late.offset]);

    const sameBatch = await message(pilot, outsideCatalog());
    const erasure = await message(pilot, erased(pilot));
    const newAccount = await message(pilot, outsideCatalog());
    const outcome = await apply([sameBatch, erasure, newAccount], keys);
    expect(outcome.deadLetters.map((d) => d.message.offset)).toEqual([sameBatch.offset, newAccount.offset]);
    expect(await deadLetterOffsets()).toEqual([newAccount.offset]);
    // The other tests count every dead letter of the table.
    await ds.query(`delete from projection_dead_letters where pilot_account_id = $1`, [pilot]);
  });

  it('deletes every row of a pilot at once, the experience sums too, and nobody else’s', async () => {
    const [pilot, other] = [randomUUID(), randomUUID()];
    const writer = new DataKeys(testMasterKeys);
    await apply(
      [await message(pilot, recorded(pilot), writer), await message(other, recorded(other), writer)],
      new DataKeys(testMasterKeys),
    );
    const stored = { totals: 1, flights: 1, days: 1, years: 1 };
    expect(await rowsOf(pilot)).toEqual(stored);
    await ds.transaction((tx) => deletePilotProjection(tx, pilot));
    expect(await rowsOf(pilot)).toEqual(NO_ROWS);
    expect(await readPilotExperience(ds, pilot, '2026-12-31')).toBeUndefined();
    expect(await rowsOf(other)).toEqual(stored);
    expect((await readPilotExperience(ds, other, '2026-12-31'))?.experience.lifetime.flight_count).toBe(1);
  });

  it('deletes the pilot’s rows from an earlier version a rebuild left behind (not dropped after its switch)', async () => {
    const [pilot, other] = [randomUUID(), randomUUID()];
    const writer = new DataKeys(testMasterKeys);
    await apply(
      [await message(pilot, recorded(pilot), writer), await message(other, recorded(other), writer)],
      new DataKeys(testMasterKeys),
    );
    // Version 7's tables, as a rebuild's earlier version still there: the rows of both pilots in them.
    for (const table of ['pilot_totals', 'pilot_flights']) {
      await ds.query(`create table ${table}_v7 (like ${table}_v1 including all)`);
      await ds.query(
        `insert into ${table}_v7 select * from ${table}_v1 where pilot_account_id = any($1::uuid[])`,
        [[pilot, other]],
      );
    }
    const inVersion7 = async (who: string): Promise<number[]> => {
      const [row] = await ds.query<{ totals: number; flights: number }[]>(
        `select (select count(*)::int from pilot_totals_v7 where pilot_account_id = $1) as totals,
                (select count(*)::int from pilot_flights_v7 where pilot_account_id = $1) as flights`,
        [who],
      );
      return [row!.totals, row!.flights];
    };
    try {
      expect(await inVersion7(pilot)).toEqual([1, 1]);
      await ds.transaction((tx) => deletePilotProjection(tx, pilot));
      expect(await inVersion7(pilot)).toEqual([0, 0]);
      expect(await inVersion7(other)).toEqual([1, 1]);
      expect(await rowsOf(pilot)).toEqual(NO_ROWS);
    } finally {
      await ds.query('drop table pilot_totals_v7, pilot_flights_v7');
    }
  });

  it('skips payloads whose key is gone, as a pilot with no data: nothing stored, no dead letter', async () => {
    const pilot = randomUUID();
    const writer = new DataKeys(testMasterKeys);
    const messages = [
      await message(pilot, recorded(pilot), writer),
      await message(pilot, recorded(pilot), writer),
    ];
    await writer.destroy(ds, pilot);
    // A reader that never held the key (a rebuild).
    const outcome = await apply(
      [...messages, await message(pilot, erased(pilot))],
      new DataKeys(testMasterKeys),
    );
    expect(outcome).toMatchObject({ applied: 1, repeats: 0, deadLetters: [] });
    expect((await readPilotTotals(ds, [pilot])).has(pilot)).toBe(false);
    const [{ n }] = await ds.query(`select count(*)::int as n from projection_dead_letters`);
    expect(n).toBe(0);
  });

  it('folds a batch large enough for the opening thread as it folds a small one', async () => {
    const [a, b, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const writer = new DataKeys(testMasterKeys);
    const messages: ConsumedMessage[] = [];
    for (let i = 0; i < MESSAGES_FOR_THREAD; i++) {
      for (const pilot of [a, b, gone]) messages.push(await message(pilot, recorded(pilot), writer));
    }
    // One payload of pilot b changed on the way: a dead letter, and the rest of b's still count.
    const spoiled = messages.findIndex((m) => m.key?.toString() === b);
    const text = messages[spoiled]!.value!.toString();
    const data = /"data":"([^"]+)"/.exec(text)![1]!;
    const flipped = Buffer.from(data, 'base64');
    flipped[20] = flipped[20]! ^ 1;
    messages[spoiled] = {
      ...messages[spoiled]!,
      value: Buffer.from(text.replace(data, flipped.toString('base64'))),
    };
    await writer.destroy(ds, gone);
    const opened = jest.spyOn(OpeningThread.prototype, 'openMessages');
    const outcome = await apply(messages, new DataKeys(testMasterKeys));
    // The batch, then the messages whose keys the thread did not hold yet for these keys, with them.
    expect(opened).toHaveBeenCalledTimes(2);
    await expect(opened.mock.results[0]!.value).resolves.toHaveLength(messages.length);
    opened.mockRestore();
    expect(outcome.deadLetters.map((d) => d.reason)).toEqual([
      expect.stringMatching(/^FlightRecorded payload does not open/),
    ]);
    const totals = await readPilotTotals(ds, [a, b, gone]);
    expect(totals.get(a)?.totals.flight_count).toBe(MESSAGES_FOR_THREAD);
    expect(totals.get(b)?.totals.flight_count).toBe(MESSAGES_FOR_THREAD - 1);
    expect(totals.has(gone)).toBe(false);
  });

  it('still reads a payload stored in the clear before sealing existed', async () => {
    const pilot = randomUUID();
    const outcome = await apply([await message(pilot, recorded(pilot))], new DataKeys(testMasterKeys));
    expect(outcome).toMatchObject({ applied: 1, deadLetters: [] });
    expect((await readPilotTotals(ds, [pilot])).get(pilot)?.totals.flight_count).toBe(1);
  });

  it('counts a pilot who comes back after the erasure from nothing, under a new key', async () => {
    const pilot = randomUUID();
    const writer = new DataKeys(testMasterKeys);
    const projector = new DataKeys(testMasterKeys);
    await apply([await message(pilot, recorded(pilot), writer)], projector);
    await writer.destroy(ds, pilot);
    const back = await apply(
      [await message(pilot, erased(pilot)), await message(pilot, recorded(pilot), writer)],
      projector,
    );
    expect(back.deadLetters).toEqual([]);
    expect((await readPilotTotals(ds, [pilot])).get(pilot)?.totals.flight_count).toBe(1);
  });
});
