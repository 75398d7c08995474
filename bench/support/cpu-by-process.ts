import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds } from './cpu-share';

/** The processes whose CPU a load is shared out to: each name with the ids of its processes, found when asked. */
export type ProcessGroups = Record<string, () => number[]>;

/** The ids of the running processes whose command name (/proc/<pid>/comm) is `name`: Postgres's backends, Redis. */
export function processesNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

function cpuOf(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      seconds.set(pid, cpuSeconds(pid));
    } catch {
      // ended meanwhile: its CPU is not counted
    }
  }
  return seconds;
}

/** The machine's CPU time so far, all cores, in clock ticks: idle (with waiting on I/O) and in all. */
function machineTicks(): { idle: number; total: number } {
  // user nice system idle iowait irq softirq steal (guest time is inside user already)
  const ticks = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  return { idle: ticks[3]! + ticks[4]!, total: ticks.reduce((sum, t) => sum + t, 0) };
}

/**
 * The CPU seconds each group's processes spent while `load` ran (a process started meanwhile from its
 * start, one ended meanwhile not at all), and the share of the machine's CPU time left idle meanwhile
 * (all cores), beside what `load` resolved to.
 */
export async function withCpuByProcess<T>(
  groups: ProcessGroups,
  load: () => Promise<T>,
): Promise<{ result: T; cpuSeconds: Record<string, number>; machineIdleShare: number }> {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, cpuOf(pids())]));
  const machineBefore = machineTicks();
  const result = await load();
  const machineAfter = machineTicks();
  const machineIdleShare = +(
    (machineAfter.idle - machineBefore.idle) /
    Math.max(1, machineAfter.total - machineBefore.total)
  ).toFixed(3);
  const cpu: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    let spent = 0;
    for (const [pid, seconds] of cpuOf(pids())) spent += seconds - (before[name]!.get(pid) ?? 0);
    cpu[name] = +spent.toFixed(3);
  }
  return { result, cpuSeconds: cpu, machineIdleShare };
}
