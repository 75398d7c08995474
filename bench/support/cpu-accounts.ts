import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds, TICKS_PER_SECOND } from './cpu-share';

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

/** Each account's processes' CPU seconds so far, to take what they used since (cpuSince). */
export type CpuReading = Record<string, Map<number, number>>;

export function cpuReading(accounts: Record<string, PidSource>): CpuReading {
  return Object.fromEntries(Object.entries(accounts).map(([name, pids]) => [name, readCpu(pids())]));
}

/**
 * The CPU seconds each account's processes used since `reading`: each process from then (or from its
 * own start, when it began meanwhile) to now. A process that ended meanwhile is not counted (its share
 * is lost, so a figure may be low, never high). Linux clock ticks, so a span of a few seconds is exact
 * to about 1%.
 */
export function cpuSince(accounts: Record<string, PidSource>, reading: CpuReading): Record<string, number> {
  const cpu: Record<string, number> = {};
  for (const [name, pids] of Object.entries(accounts)) {
    const start = reading[name]!;
    let used = 0;
    for (const [pid, seconds] of readCpu(pids())) used += seconds - (start.get(pid) ?? 0);
    cpu[name] = +used.toFixed(3);
  }
  return cpu;
}

/** The CPU that named sets of processes use while `work` runs, in seconds (cpuSince). */
export async function cpuDuring<T>(
  accounts: Record<string, PidSource>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = cpuReading(accounts);
  const result = await work();
  return { result, cpu: cpuSince(accounts, before) };
}

/** The whole machine's CPU time so far, in seconds summed over its cores (/proc/stat). */
export interface MachineCpu {
  /** Spent running anything: user, nice, system, interrupts. */
  busy: number;
  /** Idle, or waiting for I/O. */
  idle: number;
  /** Taken by the host for other machines while this one had work: time this machine's work waited. */
  steal: number;
}

export function machineCpu(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const ticks = (n: number | undefined): number => (n ?? 0) / TICKS_PER_SECOND;
  return {
    busy: ticks(user) + ticks(nice) + ticks(system) + ticks(irq) + ticks(softirq),
    idle: ticks(idle) + ticks(iowait),
    steal: ticks(steal),
  };
}

/**
 * The kinds of thread a Node.js process runs, by the name Linux knows it by
 * (/proc/<pid>/task/<tid>/comm): the event loop, V8's helpers (garbage collection, compilation),
 * libuv's pool (file system, DNS, some crypto), and worker threads (named by their code, or
 * `WorkerThread`).
 */
export type ThreadKind = 'event_loop' | 'v8_helpers' | 'libuv_pool' | 'worker_threads';

function kindOf(comm: string): ThreadKind {
  if (comm === 'MainThread' || comm === 'node') return 'event_loop';
  if (comm === 'V8Worker' || comm.startsWith('V8 ')) return 'v8_helpers';
  if (comm === 'libuv-worker') return 'libuv_pool';
  return 'worker_threads';
}

/** No CPU time yet for any kind of thread: where sums over threads start. */
export const noThreadTime = (): Record<ThreadKind, number> => ({
  event_loop: 0,
  v8_helpers: 0,
  libuv_pool: 0,
  worker_threads: 0,
});

/** Each thread of `pid` so far: its kind and CPU seconds, by thread id. */
export type ThreadsReading = Map<number, { kind: ThreadKind; seconds: number }>;

export function threadsReading(pid: number): ThreadsReading {
  const threads: ThreadsReading = new Map();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads; // the process ended
  }
  for (const tid of tids) {
    try {
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      threads.set(Number(tid), { kind: kindOf(comm), seconds: cpuSeconds(pid, tid) });
    } catch {
      // the thread ended between the listing and the reading
    }
  }
  return threads;
}

/**
 * The CPU seconds each kind of thread of a process used since `reading` (a thread begun meanwhile from
 * its start; one that ended meanwhile is not counted).
 */
export function threadsSince(pid: number, reading: ThreadsReading): Record<ThreadKind, number> {
  const used = noThreadTime();
  for (const [tid, { kind, seconds }] of threadsReading(pid))
    used[kind] += seconds - (reading.get(tid)?.seconds ?? 0);
  return used;
}
