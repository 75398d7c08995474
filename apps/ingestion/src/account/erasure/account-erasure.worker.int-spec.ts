import { randomUUID } from 'node:crypto';
import { type CommandBus } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { lockStream } from '@pft/event-store/stream-lock';
import { AccessHistory } from '@pft/partners';
import { waitFor, withTestDataSource } from '@pft/testing';
import { AccountErasuresRepository } from '../account-erasures.repository';
import { ErasingAccounts } from '../erasing-accounts';
import { AccountErasureWorker } from './account-erasure.worker';

/** What an ingestion process answers 410 for while its worker is busy, on a real Postgres. */
describe('the erasures a process knows of while its worker is held up by one', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  it('learns of another replica’s erasure, and of its completion, within about a second', async () => {
    const erasures = new AccountErasuresRepository();
    const erasing = new ErasingAccounts(erasures);
    // The pilot has no connection: no command is sent.
    const commandBus = {
      execute: () => Promise.reject(new Error('no command expected')),
    } as unknown as CommandBus;
    const worker = new AccountErasureWorker(ds, commandBus, erasures, new AccessHistory(ds), erasing);
    const slow = randomUUID();
    const other = randomUUID();
    // A write holds the slow pilot's logbook stream (a large import committing): its erasure waits at
    // erase-logbook.
    const writer = ds.createQueryRunner();
    await writer.connect();
    await writer.startTransaction();
    try {
      await lockStream(writer, logbookStreamId(slow));
      await erasures.request(ds, slow, 'req-slow');
      worker.onApplicationBootstrap();
      await waitFor(
        async () => {
          const [row] = await ds.query<{ steps: string[] }[]>(
            'select steps_done as steps from account_erasures where pilot_account_id = $1',
            [slow],
          );
          return row?.steps.includes('disconnect-connections') ? true : undefined;
        },
        10_000,
        'the slow erasure waiting at erase-logbook',
        50,
      );
      // Another replica takes an erasure, and completes one this process had read as pending.
      const done = randomUUID();
      await ds.query(
        `insert into account_erasures (pilot_account_id, requested_at, completed_at) values ($1, now(), null)`,
        [done],
      );
      await erasures.request(ds, other, 'req-other');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(erasing.has(other)).toBe(true);
      expect(erasing.has(done)).toBe(true);
      await ds.query('update account_erasures set completed_at = now() where pilot_account_id = $1', [done]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(erasing.has(done)).toBe(false);
      expect(erasing.has(slow)).toBe(true);
      await writer.commitTransaction();
      await waitFor(
        async () => ((await erasures.status(ds, slow)) === 'active' ? true : undefined),
        10_000,
        'the slow erasure completed',
        50,
      );
    } finally {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      await writer.release();
      await worker.onApplicationShutdown();
    }
  });
});
