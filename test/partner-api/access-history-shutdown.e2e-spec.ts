import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import {
  type AppProcess,
  createTestDatabase,
  startAppProcess,
  startedTogether,
  type TestDatabase,
  uniqueRedisPrefix,
} from '@pft/testing';
import { connection, partnerWithKey, type TestPartner } from './partner-api.factories';

/**
 * Partner API replicas as processes, the way they run in production, each counting reads in memory with
 * a write interval longer than the test: every read a replica answered must be in `partner_reads` once it
 * is stopped with SIGTERM, the replicas' counts added up.
 */
describe('partner API: reads recorded for the access history survive SIGTERM (processes)', () => {
  let database: TestDatabase;
  let db: DataSource;
  let partner: TestPartner;
  const started: AppProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource(database.url, 2).initialize();
    partner = await partnerWithKey(db, { rateLimit: 100_000 });
  });
  afterAll(async () => {
    await Promise.all(started.map((replica) => replica.stop('SIGKILL')));
    await db?.destroy();
    await database?.drop();
  });

  async function twoReplicas(env: Record<string, string> = {}): Promise<AppProcess[]> {
    const replicaEnv = {
      DATABASE_URL: database.url,
      PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
      // Nothing is written before the shutdown: what is found was written by it.
      ACCESS_HISTORY_FLUSH_MS: '60000',
      ...env,
    };
    const replicas = await startedTogether([
      startAppProcess('partner-api', replicaEnv),
      startAppProcess('partner-api', replicaEnv),
    ]);
    started.push(...replicas);
    return replicas;
  }

  /** Two pilots of the partner, and reads of them that count what was answered 200 per pilot_id. */
  async function pilotsAndReads() {
    const ids = [
      (await connection(db, partner.partnerId)).pilotId,
      (await connection(db, partner.partnerId)).pilotId,
    ];
    const answered = new Map(ids.map((id) => [id, 0]));
    const read = async (replica: AppProcess, pilotIds: string[]): Promise<void> => {
      const path =
        pilotIds.length === 1
          ? `/v1/pilot-totals?pilot_id=${pilotIds[0]}`
          : `/v1/pilot-totals/batch?pilot_ids=${pilotIds.join(',')}`;
      const res = await fetch(`${replica.url}${path}`, {
        headers: { Authorization: `Bearer ${partner.key}` },
      }).catch(() => undefined);
      const body = await res?.text().catch(() => undefined);
      if (res?.status === 200 && body !== undefined)
        for (const id of pilotIds) answered.set(id, answered.get(id)! + 1);
    };
    /** `n` reads on `replica`, every third a batch of both pilots, the others single reads of the first. */
    const burst = (replica: AppProcess, n: number): Promise<void>[] =>
      Array.from({ length: n }, (_, i) => read(replica, i % 3 === 0 ? ids : [ids[0]!]));
    const recorded = async (): Promise<Record<string, number>> => {
      const rows = await db.query<{ pilot_id: string; reads: number }[]>(
        `select c.connection_id::text as pilot_id, r.reads::int as reads
           from partner_reads r join connections c on c.pilot_account_id = r.pilot_account_id
          where c.connection_id = any($1::uuid[])`,
        [ids],
      );
      return Object.fromEntries(rows.map((r) => [r.pilot_id, r.reads]));
    };
    return { ids, answered, burst, recorded };
  }

  it('writes every read of both replicas when they are stopped right after them; the counts add up', async () => {
    const replicas = await twoReplicas();
    const { ids, answered, burst, recorded } = await pilotsAndReads();
    await Promise.all([...burst(replicas[0]!, 60), ...burst(replicas[1]!, 30)]);
    expect(Object.fromEntries(answered)).toEqual({ [ids[0]!]: 90, [ids[1]!]: 30 });
    expect(await recorded()).toEqual({});

    expect(await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')))).toEqual([0, 0]);
    expect(await recorded()).toEqual({ [ids[0]!]: 90, [ids[1]!]: 30 });
  });

  it('writes the reads answered while it shuts down, even when closing does not finish in time', async () => {
    // Connections opened just as the signal comes can keep the HTTP server from closing until
    // SHUTDOWN_TIMEOUT_MS, when the process exits 1: the reads it answered are written all the same.
    const replicas = await twoReplicas({ SHUTDOWN_TIMEOUT_MS: '3000' });
    const { answered, burst, recorded } = await pilotsAndReads();
    await Promise.all(replicas.flatMap((replica) => burst(replica, 30)));
    const total = () => [...answered.values()].reduce((sum, n) => sum + n, 0);
    const beforeSignal = total();
    const inFlight = replicas.flatMap((replica) => burst(replica, 40));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exits = replicas.map((replica) => replica.stop('SIGTERM'));
    await Promise.all(inFlight);
    // Each closed within its time (0) or was ended at SHUTDOWN_TIMEOUT_MS (1), never killed otherwise.
    expect((await Promise.all(exits)).filter((code) => code !== 0 && code !== 1)).toEqual([]);
    // Reads were answered around the signal, and every answered read is written.
    expect(total()).toBeGreaterThan(beforeSignal);
    expect(await recorded()).toEqual(Object.fromEntries(answered));
  });
});
