import { randomUUID } from 'node:crypto';
import { type CommandBus } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { lockStream } from '@pft/event-store/stream-lock';
import { AccessHistory } from '@pft/partners';
import { waitFor, withTestDataSource } from '@pft/testing';
import { AccountErasuresRepository } from '../account-erasures.repository';
import { workHeldErasure } from './erasure-hold';

/** A short hold, so that a step held up for several of them takes seconds. */
const HOLD_MS = 3000;

/** Two workers and an erasure whose step outlasts the hold, on a real Postgres. */
describe('an erasure whose worker is alive but slower than its hold', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));
  const erasures = new AccountErasuresRepository();

  it('is not taken over by another worker: the hold is renewed until the steps end', async () => {
    const pilot = randomUUID();
    await erasures.request(ds, pilot, 'req-slow');
    const claimed = (await erasures.claim(ds, HOLD_MS))!;
    expect(claimed.pilot_account_id).toBe(pilot);
    const [{ until }] = await ds.query<[{ until: Date }]>(
      'select claimed_until as until from account_erasures where pilot_account_id = $1',
      [pilot],
    );
    // A large import holds the pilot's logbook stream: the erasure waits at erase-logbook.
    const writer = ds.createQueryRunner();
    await writer.connect();
    await writer.startTransaction();
    let working: Promise<unknown> | undefined;
    try {
      await lockStream(writer, logbookStreamId(pilot));
      working = workHeldErasure(
        {
          requestId: 'req-slow',
          dataSource: ds,
          // The pilot has no connection: no command is sent.
          commandBus: {
            execute: () => Promise.reject(new Error('no command expected')),
          } as unknown as CommandBus,
          accessHistory: new AccessHistory(ds),
        },
        claimed,
        erasures,
        HOLD_MS,
      );
      // Two holds past the claim's by the database's clock, the worker still at erase-logbook.
      await waitFor(
        async () => {
          const [row] = await ds.query<{ past: boolean }[]>(
            `select now() > $2::timestamptz + make_interval(secs => $3::float8 / 1000) as past
               from account_erasures where pilot_account_id = $1`,
            [pilot, until, HOLD_MS],
          );
          return row?.past ? true : undefined;
        },
        4 * HOLD_MS,
        'two holds gone by',
        100,
      );
      const [row] = await ds.query<{ steps_done: string[]; held: boolean }[]>(
        `select steps_done, claimed_until > now() as held from account_erasures where pilot_account_id = $1`,
        [pilot],
      );
      expect(row).toEqual({ steps_done: ['delete-linking-codes', 'disconnect-connections'], held: true });
      // Another worker looks for pending erasures: none is free.
      expect(await erasures.claim(ds, HOLD_MS)).toBeUndefined();
      await writer.commitTransaction();
      await expect(working).resolves.toBe('completed');
    } finally {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      await writer.release();
      await working?.catch(() => undefined);
    }
    expect(await erasures.status(ds, pilot)).toBe('active');
  });
});
