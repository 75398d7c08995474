import { type DataSource } from 'typeorm';
import { cpuDuring, processesNamed } from '../support/cpu-accounts';
import { commitsIn } from '../support/database-commits';
import { type Measured } from '../support/measure';

/** Where a read's CPU went, per answered request. */
export interface ReadCpu {
  /** CPU microseconds per answered request: the server, every Postgres process, Redis, this process. */
  cpu_us_per_request: Record<'server' | 'postgres' | 'redis' | 'load generator', number>;
  /** Statements run in the benchmark's database per answered request (each outside a transaction). */
  statements_per_request: number;
}

/**
 * A load measured with the CPU every process taking part used meanwhile (read from /proc) and the
 * statements run in `database`: every process shares the machine's two cores, so what a read and its
 * floor cost each process per request shows where a gap between their rates lies. On a busy host the
 * CPU a request takes moves with its rate (the host slows the cores down rather than taking time from
 * them: no steal is recorded), so a read is compared with its floor within a round, as the shares are.
 * The statistics Postgres keeps lag up to a second: each reading waits 1.5 s.
 */
export async function withReadCpu<M extends Measured>(
  admin: DataSource,
  database: string,
  serverPid: number,
  seconds: number,
  load: () => Promise<M>,
): Promise<M & ReadCpu> {
  const statementsBefore = await commitsIn(admin, database);
  const { result, cpu } = await cpuDuring(
    {
      server: () => [serverPid],
      postgres: processesNamed('postgres'),
      redis: processesNamed('redis-server'),
      'load generator': () => [process.pid],
    },
    load,
  );
  const statements = (await commitsIn(admin, database)) - statementsBefore;
  const answered = Math.max(1, result.requests_per_second_exact * seconds);
  const perRequest = (s: number): number => Math.round((s * 1e6) / answered);
  return {
    ...result,
    cpu_us_per_request: {
      server: perRequest(cpu.server!),
      postgres: perRequest(cpu.postgres!),
      redis: perRequest(cpu.redis!),
      'load generator': perRequest(cpu['load generator']!),
    },
    statements_per_request: +(statements / answered).toFixed(3),
  };
}
