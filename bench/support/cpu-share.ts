import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds (user and system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 of what follows field 2.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** A process keeping one core busy `share` (0 to 1) of each 20 ms: another process's load, for a floor. */
export function startBurner(share: number): ChildProcess {
  const source = `
const busyMs = ${Math.max(0, Math.min(1, share)) * 20};
let next = Date.now();
function tick() {
  const start = Date.now();
  while (Date.now() - start < busyMs);
  next += 20;
  setTimeout(tick, Math.max(0, next - Date.now()));
}
tick();
`;
  return spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
}
