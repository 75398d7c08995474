import { type DataSource, type QueryRunner } from 'typeorm';

/** A transaction begun on a connection of its own: held open (its locks kept) until the test ends it. */
export async function openTransaction(ds: DataSource): Promise<QueryRunner> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  return runner;
}

/** Rolls back what `runner` still holds open (a test that failed half-way) and gives its connection back. */
export async function letGo(runner: QueryRunner): Promise<void> {
  try {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
  } finally {
    await runner.release();
  }
}
