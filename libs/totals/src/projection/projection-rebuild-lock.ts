import { type DataSource } from 'typeorm';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

/** The advisory lock a rebuild holds for its life (hashtextextended of this, as stream locks are taken). */
const REBUILD_LOCK = `pft:projection-rebuild:${PILOT_TOTALS_PROJECTION}`;

/**
 * Another rebuild holds the lock: both would take up the same version being built, fold it with one
 * consumer group, and the later to switch would find it switched already.
 */
export class RebuildRunningError extends Error {
  constructor() {
    super(
      `another rebuild of ${PILOT_TOTALS_PROJECTION} is running (it holds the rebuild's lock in the database): ` +
        'wait for it to end, or stop it (Ctrl-C) and run this one again, which resumes the version it was building',
    );
  }
}

/**
 * Takes the rebuild's session advisory lock on a connection of its own, held until the returned release
 * is called; a process that dies lets it go with its connection. Throws RebuildRunningError at once
 * when another rebuild holds it.
 */
export async function takeRebuildLock(dataSource: DataSource): Promise<() => Promise<void>> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [row] = (await runner.query(`select pg_try_advisory_lock(hashtextextended($1, 0)) as locked`, [
      REBUILD_LOCK,
    ])) as { locked: boolean }[];
    if (!row?.locked) throw new RebuildRunningError();
  } catch (error) {
    await runner.release();
    throw error;
  }
  return async () => {
    try {
      await runner.query(`select pg_advisory_unlock(hashtextextended($1, 0))`, [REBUILD_LOCK]);
    } finally {
      await runner.release();
    }
  };
}
