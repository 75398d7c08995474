import { type DataSource } from 'typeorm';
import { type CheckToRecord, recordRequirementChecks } from '@pft/partners';
import { MAX_REQUIREMENT_CHECKS_PER_DAY } from '@pft/partners/domain';
import { processesNamed, withCpuByProcess } from '../support/cpu-by-process';
import { TWENTY_REQUIREMENTS } from './experience-pilots';

/** Checks of a batch: about what the partner API's recorder gathers under the check's load. */
const BATCH = 15;
/** Statements under way at once: as many as the partner API's recorder runs. */
const RUNNING = 2;

export interface RecordingAlone {
  checks: number;
  batch: number;
  statements_at_once: number;
  /** Wall time over checks, the statements running side by side. */
  us_per_check: number;
  /** The CPU of this process (the pg client, the entries' JSON) and of Postgres, a check. */
  cpu_us_per_check: { client: number; postgres: number };
}

/**
 * The floor of a check's recording: `checks` checks of 20 requirements of the pilots of `connectionIds`
 * (going round them, at most 20 a pilot) recorded by the partner API's own statement
 * (recordRequirementChecks) alone, in batches of BATCH with RUNNING statements under way, each commit
 * flushed as in the partner API.
 */
export async function recordingAlone(
  ds: DataSource,
  partnerId: string,
  connectionIds: readonly string[],
  checks: number,
): Promise<RecordingAlone> {
  if (checks > connectionIds.length * MAX_REQUIREMENT_CHECKS_PER_DAY)
    throw new Error(`${checks} checks are more than ${connectionIds.length} pilots may take in a day`);
  const day = new Date().toISOString().slice(0, 10);
  const check = (k: number): CheckToRecord => ({
    connectionId: connectionIds[k % connectionIds.length]!,
    partnerId,
    perDay: MAX_REQUIREMENT_CHECKS_PER_DAY,
    entry: { as_of: day, requirements: TWENTY_REQUIREMENTS },
    clockOffsetMs: 0,
  });
  let next = 0;
  const started = process.hrtime.bigint();
  const { cpuSeconds } = await withCpuByProcess(
    { client: () => [process.pid], postgres: () => processesNamed('postgres') },
    () =>
      Promise.all(
        Array.from({ length: RUNNING }, async () => {
          while (next < checks) {
            const batch = Array.from({ length: Math.min(BATCH, checks - next) }, () => check(next++));
            const outcomes = await recordRequirementChecks(ds, batch);
            const refused = outcomes.find(({ outcome }) => outcome !== 'recorded');
            if (refused) throw new Error(`a check alone was not recorded: ${refused.outcome}`);
          }
        }),
      ),
  );
  const wallUs = Number(process.hrtime.bigint() - started) / 1000;
  const perCheck = (seconds: number): number => +((seconds * 1e6) / checks).toFixed(1);
  return {
    checks,
    batch: BATCH,
    statements_at_once: RUNNING,
    us_per_check: +(wallUs / checks).toFixed(1),
    cpu_us_per_check: { client: perCheck(cpuSeconds.client!), postgres: perCheck(cpuSeconds.postgres!) },
  };
}
