import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds } from './cpu-share';

/** The processes one account sums: found again at each reading, as a pool may open new ones. */
export type PidSource = () => number[];

/** Every process on the machine whose command name is `comm` (`postgres`, `java`). */
export function processesNamed(comm: string): PidSource {
  return () =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
        } catch {
          return false; // ended meanwhile
        }
      });
}

/** CPU seconds each of `pids` has used so far; those that ended meanwhile are left out. */
function readCpu(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      seconds.set(pid, cpuSeconds(pid));
    } catch {
      // ended between the listing and the reading
    }
  }
  return seconds;
}

/**
 * The CPU that named sets of processes use while `work` runs, in seconds: what each process used from
 * the start (or from its own start, when it began meanwhile) to the end. A process that ended before
 * the end is not counted (its share is lost, so a figure may be low, never high). Linux clock ticks, so
 * a run of a few seconds is exact to about 1%.
 */
export async function cpuDuring<T>(
  accounts: Record<string, PidSource>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(accounts).map(([name, pids]) => [name, readCpu(pids())]));
  const result = await work();
  const cpu: Record<string, number> = {};
  for (const [name, pids] of Object.entries(accounts)) {
    const start = before[name]!;
    let used = 0;
    for (const [pid, seconds] of readCpu(pids())) used += seconds - (start.get(pid) ?? 0);
    cpu[name] = +used.toFixed(3);
  }
  return { result, cpu };
}
