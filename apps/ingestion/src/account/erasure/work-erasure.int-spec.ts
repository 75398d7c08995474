import { randomUUID } from 'node:crypto';
import { type CommandBus } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { appendEvents } from '@pft/event-store/event-store';
import { AccessHistory, createPartner } from '@pft/partners';
import { DataKeySealing, sharedDataKeys } from '@pft/privacy';
import { createDataSource } from '@pft/platform';
import { recordedFlightEvent, withTestDataSource } from '@pft/testing';
import { AccountErasuresRepository } from '../account-erasures.repository';
import { type DisconnectCommand } from '../../consent/disconnect/disconnect.command';
import { workErasure } from './work-erasure';

/** Two workers at one erasure, the first held up past its hold, on a real Postgres. */
describe('an erasure worker held up while another completed the erasure', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));
  const erasures = new AccountErasuresRepository();
  const disconnected: string[] = [];
  const ctx = () => ({
    requestId: 'erasure-test',
    dataSource: ds,
    // Records the disconnects asked for; the pilot has no connection while the erasure is pending.
    commandBus: {
      execute: (command: DisconnectCommand) => {
        disconnected.push(command.connectionId);
        return Promise.resolve();
      },
    } as unknown as CommandBus,
    accessHistory: new AccessHistory(ds),
  });
  const count = async (sql: string, params: unknown[]): Promise<number> =>
    Number((await ds.query<{ n: string }[]>(sql, params))[0]!.n);

  it('leaves the account started again alone: its key, its flights, its events and its new connection', async () => {
    const pilot = randomUUID();
    await erasures.request(ds, pilot, 'req-erase');
    // Worker A claims it, then stalls (its hold lapses at once here); worker B takes it over and completes.
    const held = (await erasures.claim(ds, 0))!;
    expect(held.pilot_account_id).toBe(pilot);
    const taken = (await erasures.claim(ds, 30_000))!;
    expect(taken.pilot_account_id).toBe(pilot);
    await expect(workErasure(ctx(), taken, erasures)).resolves.toBe('completed');
    expect(await erasures.status(ds, pilot)).toBe('active');

    // The pilot signs in again: a new key, a flight recorded, a partner linked.
    const stream = logbookStreamId(pilot);
    const last = await count('select max(stream_version) as n from events where stream_id = $1', [stream]);
    await ds.transaction(async (tx) => {
      await appendEvents(
        tx,
        stream,
        last,
        [recordedFlightEvent(pilot, 'after coming back')],
        {},
        { sealer: new DataKeySealing(sharedDataKeys()) },
      );
      await tx.query(
        `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
         values ($1, $2, '{}'::jsonb, '2026-01-01', now(), now())`,
        [pilot, randomUUID()],
      );
    });
    const partner = await createPartner(ds, 'Aero Club');
    const connectionId = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at) values ($1, $2, $3, now())`,
      [connectionId, partner.partnerId, pilot],
    );

    // Worker A resumes where it stalled: the erasure is no longer the one it claimed.
    await expect(workErasure(ctx(), held, erasures)).resolves.toBe('superseded');

    expect(disconnected).toEqual([]);
    expect(await count('select count(*) as n from data_keys where subject_id = $1', [pilot])).toBe(1);
    expect(await count('select count(*) as n from flights where pilot_account_id = $1', [pilot])).toBe(1);
    expect(
      await count(`select count(*) as n from events where stream_id = $1 and type = 'AccountErased'`, [
        stream,
      ]),
    ).toBe(1);
    expect(
      await count(
        'select count(*) as n from connections where connection_id = $1 and disconnected_at is null',
        [connectionId],
      ),
    ).toBe(1);
    expect(await erasures.status(ds, pilot)).toBe('active');
  });

  it('leaves a new erasure of the account to its own worker: the old claim records no step of it', async () => {
    const pilot = randomUUID();
    await erasures.request(ds, pilot, 'req-first');
    const held = (await erasures.claim(ds, 0))!;
    const taken = (await erasures.claim(ds, 30_000))!;
    await expect(workErasure(ctx(), taken, erasures)).resolves.toBe('completed');
    // The pilot comes back and asks again: a new erasure, no step done yet.
    await erasures.request(ds, pilot, 'req-second');
    await expect(workErasure(ctx(), held, erasures)).resolves.toBe('superseded');
    const [row] = await ds.query<{ steps_done: string[]; completed_at: Date | null }[]>(
      'select steps_done, completed_at from account_erasures where pilot_account_id = $1',
      [pilot],
    );
    expect(row).toEqual({ steps_done: [], completed_at: null });
  });
});

/** Sessions whose dates are written otherwise than ISO in UTC, as a database or role may set them. */
describe('an erasure worked by sessions writing dates in another style and time zone', () => {
  let ds: DataSource;
  withTestDataSource(1, (made) => (ds = made));
  let elsewhere: DataSource;

  beforeAll(async () => {
    const [{ db }] = await ds.query<[{ db: string }]>('select current_database() as db');
    // India's time written in the Postgres style names its zone `IST`, which reads back as Israel's.
    await ds.query(`alter database ${db} set timezone = 'Asia/Kolkata'`);
    await ds.query(`alter database ${db} set datestyle = 'Postgres, DMY'`);
    elsewhere = await createDataSource((ds.options as { url: string }).url, 2).initialize();
  });
  afterAll(() => elsewhere?.destroy());

  it('completes the erasure it claimed: its steps are recorded against the erasure asked for', async () => {
    const erasures = new AccountErasuresRepository();
    const pilot = randomUUID();
    await erasures.request(elsewhere, pilot, 'req-erase');
    const [{ style }] = await elsewhere.query<[{ style: string }]>(`select now()::text as style`);
    expect(style).toMatch(/ IST$/);
    const claimed = (await erasures.claim(elsewhere, 30_000))!;
    const ctx = {
      requestId: 'erasure-test',
      dataSource: elsewhere,
      commandBus: { execute: () => Promise.resolve() } as unknown as CommandBus,
      accessHistory: new AccessHistory(elsewhere),
    };
    await expect(workErasure(ctx, claimed, erasures)).resolves.toBe('completed');
    expect(await erasures.status(elsewhere, pilot)).toBe('active');
  });
});
