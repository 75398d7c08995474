import { randomBytes, randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import { SubjectBeingErased } from '@pft/privacy';
import { consentStreamId } from '@pft/contracts';
import { lockStream } from '@pft/event-store/stream-lock';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { type ErasureContext, ERASURE_STEPS } from '../account/erasure/erasure-steps';
import { ConsentRepository } from './consent.repository';

/** Linking codes and an erasure asked for meanwhile, on a real Postgres. */
describe('a linking code issued while the pilot’s erasure is asked for', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const consent = new ConsentRepository();
  const deleteCodes = ERASURE_STEPS.find((s) => s.name === 'delete-linking-codes')!;
  const issue = (runner: Parameters<ConsentRepository['saveLinkingCode']>[0], pilot: string) => {
    const now = new Date();
    return consent.saveLinkingCode(
      runner,
      randomBytes(32),
      pilot,
      now,
      new Date(now.getTime() + 600_000),
      false,
    );
  };
  const codesOf = async (pilot: string): Promise<number> => {
    const rows: { n: string }[] = await ds.query(
      'select count(*) as n from linking_codes where pilot_account_id = $1',
      [pilot],
    );
    return Number(rows[0]!.n);
  };
  const askErasure = (pilot: string) =>
    ds.query('insert into account_erasures (pilot_account_id) values ($1)', [pilot]);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, 4).initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('is refused as the erasure under way, and nothing is stored; after it completes, codes are issued again', async () => {
    const pilot = randomUUID();
    await askErasure(pilot);
    await expect(issue(ds, pilot)).rejects.toBeInstanceOf(SubjectBeingErased);
    expect(await codesOf(pilot)).toBe(0);
    await ds.query('update account_erasures set completed_at = now() where pilot_account_id = $1', [pilot]);
    await issue(ds, pilot);
    expect(await codesOf(pilot)).toBe(1);
  });

  it('is deleted by the erasure when it was being stored as the erasure was asked for', async () => {
    const pilot = randomUUID();
    const runner = ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // The code is being issued: under the consent stream's lock, stored, not committed yet.
      await lockStream(runner, consentStreamId(pilot));
      await issue(runner, pilot);
      await askErasure(pilot);
      const ctx = { pilot, dataSource: ds } as unknown as ErasureContext;
      const deleting = deleteCodes.run(ctx, () => Promise.resolve());
      // The deletion waits for the code's transaction, then sees the code and deletes it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await runner.commitTransaction();
      await deleting;
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await codesOf(pilot)).toBe(0);
  });
});
