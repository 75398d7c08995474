import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { storedFlight, withTestDataSource } from '@pft/testing';
import { type KeptAnswer, PilotTotalsDatabase } from './pilot-totals.database';

describe('PilotTotalsDatabase (Postgres): last_updated of a check and of a full read', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  /** A pilot linked to a new partner, projected with `updated_at` as given (no partition offset yet). */
  async function projectedPilot(updatedAt: string): Promise<{ partnerId: string; pilotId: string }> {
    const { partnerId } = await createPartner(ds, 'Check Air');
    const pilotId = randomUUID();
    const account = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())`,
      [pilotId, partnerId, account],
    );
    await ds.query(
      `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, flight_count, updated_at)
       values ($1, 4, 0, 2, $2)`,
      [account, updatedAt],
    );
    return { partnerId, pilotId };
  }

  const setUpdatedAt = (pilotId: string, updatedAt: string): Promise<unknown> =>
    ds.query(
      `update pilot_totals_v1 set updated_at = $2
        where pilot_account_id = (select pilot_account_id from connections where connection_id = $1)`,
      [pilotId, updatedAt],
    );

  it('gives the same text as the full read, microseconds cut to milliseconds, and the kept answer while it is unchanged', async () => {
    const database = new PilotTotalsDatabase(ds);
    const { partnerId, pilotId } = await projectedPilot('2026-11-02T10:20:30.123999Z');
    const [read] = await database.read(partnerId, [pilotId]);
    expect(read?.view.last_updated).toBe('2026-11-02T10:20:30.123Z');
    const kept = new Map([[pilotId, read as KeptAnswer]]);

    const unchanged = await database.check(partnerId, [pilotId], kept);
    expect(unchanged.changed).toEqual([]);
    expect(unchanged.held).toHaveLength(1);
    expect(unchanged.held[0]!.view).toBe(read!.view);

    // The partition's progress moves last_updated on without changing the totals.
    await setUpdatedAt(pilotId, '2026-11-03T00:00:00.000999+02');
    const moved = await database.check(partnerId, [pilotId], kept);
    const [again] = await database.read(partnerId, [pilotId]);
    expect(moved.held[0]!.view.last_updated).toBe('2026-11-02T22:00:00.000Z');
    expect(JSON.parse(moved.held[0]!.view.json)).toMatchObject({ last_updated: '2026-11-02T22:00:00.000Z' });
    expect(moved.held[0]!.view).toEqual(again!.view);
  });

  it('checks several pilots in one statement, each with its own text', async () => {
    const database = new PilotTotalsDatabase(ds);
    const first = await projectedPilot('2026-01-01T00:00:00.5Z');
    const { pilotId } = await projectedPilot('2026-01-01T00:00:00Z');
    // The second pilot becomes the first partner's too, to check both in one call.
    await ds.query(`update connections set partner_id = $1 where connection_id = $2`, [
      first.partnerId,
      pilotId,
    ]);
    const ids = [first.pilotId, pilotId];
    const read = await database.read(first.partnerId, ids);
    expect(read.map((answer) => answer.view.last_updated)).toEqual([
      '2026-01-01T00:00:00.500Z',
      '2026-01-01T00:00:00.000Z',
    ]);
    const kept = new Map(read.map((answer) => [answer.view.pilot_id, answer as KeptAnswer]));
    const checked = await database.check(first.partnerId, ids, kept);
    expect(checked.held.map((answer) => answer.view)).toEqual(read.map((answer) => answer.view));
  });
});

describe('PilotTotalsDatabase (Postgres): totals computed live', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  /** A pilot linked to a new partner, with one flight and no projected row yet: answered live. */
  async function linkedPilot(): Promise<{ partnerId: string; pilotId: string; account: string }> {
    const { partnerId } = await createPartner(ds, 'Live Air');
    const pilotId = randomUUID();
    const account = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())`,
      [pilotId, partnerId, account],
    );
    await recordFlight(account);
    return { partnerId, pilotId, account };
  }

  const recordFlight = (account: string): Promise<unknown> => {
    const flight = storedFlight();
    return ds.query(
      `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
       values ($1, $2, $3, $4, now(), now())`,
      [account, flight.flight_id, flight, flight.date],
    );
  };

  it('answers a linked pilot with no projected row from the write side', async () => {
    const { partnerId, pilotId } = await linkedPilot();
    const [answer] = await new PilotTotalsDatabase(ds).read(partnerId, [pilotId]);
    expect(answer?.versions).toBeNull();
    expect(JSON.parse(answer!.view.json)).toMatchObject({ pilot_id: pilotId, flight_count: 1 });
  });

  it('leaves out a pilot who disconnected, then recorded a flight, after the connection was first resolved', async () => {
    const { partnerId, pilotId, account } = await linkedPilot();
    const transaction = ds.transaction.bind(ds) as (...args: unknown[]) => Promise<unknown>;
    // Between the statement resolving the connection and the snapshot of the write side: the
    // disconnect commits (the pilot gets 204), and a flight is recorded after it.
    jest.spyOn(ds, 'transaction').mockImplementationOnce(async (...args: unknown[]) => {
      await ds.query('update connections set disconnected_at = now() where connection_id = $1', [pilotId]);
      await recordFlight(account);
      return transaction(...args);
    });

    const answers = await new PilotTotalsDatabase(ds).read(partnerId, [pilotId]);
    expect(answers.map((answer) => answer.view.json)).toEqual([]);
  });
});
