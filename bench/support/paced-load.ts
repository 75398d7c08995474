import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type Bystander } from './bystander';
import { type PauseProbe, type ServerPauses } from './pause-probe';

export interface PacedMeasured {
  name: string;
  /** The rate asked for, and the rate of answers actually received over the run. */
  target_per_second: number;
  /** How long the recorded part was paced, in seconds (the warm-up before it not counted). */
  seconds: number;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** How late the generator sent the 99th percentile request after it fell due (its timer ticks every ms). */
  send_lateness_p99_ms: number;
  /**
   * The longest and the 99th percentile stall of the generator's own event loop over the recorded
   * part: an answer that arrives while it is stalled is read only after it, and counts as that late.
   */
  generator_loop_delay_max_ms: number;
  generator_loop_delay_p99_ms: number;
  /**
   * The longest and the 99th percentile delay of an idle process's 1 ms timer over the recorded part
   * (support/bystander.ts), when one stood by: how long the machine itself held processes up.
   */
  bystander_delay_max_ms?: number;
  bystander_delay_p99_ms?: number;
  /** What paused the server's event loop over the recorded part, when the run probes its servers. */
  server_pauses?: ServerPauses;
  non_2xx: number;
  errors: number;
}

export interface PacedOptions {
  /** Origin, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** Path (with query) of every request. */
  path: string;
  headers?: Record<string, string>;
  ratePerSecond: number;
  seconds: number;
  connections: number;
  /** Run at the same rate first, not recorded: connections opened, code warm (default 2). */
  warmupSeconds?: number;
  /** Where to write each recorded request's send time (ms since the epoch) and latency, as JSON. */
  traceFile?: string;
  /** An idle process whose timer's delays over the recorded part are reported beside the latencies. */
  bystander?: Bystander;
  /** The server measured, by its process id, and the run's pause probe (support/pause-probe.ts) in it. */
  server?: { probe: PauseProbe; pid: number };
}

/**
 * The generator, plain JavaScript handed to `node -e` in a process of its own: its options in
 * PACED_OPTIONS, a message to its parent when the recorded part starts ('recording') and its figures
 * when it is done.
 */
const GENERATOR_SOURCE = `
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { Pool } = require('undici');
const options = JSON.parse(process.env.PACED_OPTIONS);
const percentile = (sorted, share) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 });
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
const warmup = Math.round(options.ratePerSecond * options.warmupSeconds);
const total = warmup + Math.round(options.ratePerSecond * options.seconds);
const latencies = new Float64Array(total - warmup);
// With options.traceFile: when each recorded request was sent (ms since the epoch) beside its latency.
const sentAtEpoch = options.traceFile ? new Float64Array(total - warmup) : undefined;
const lateness = new Float64Array(total - warmup);
let answered = 0, non2xx = 0, errors = 0, sent = 0;
const start = performance.now();
const intervalMs = 1000 / options.ratePerSecond;
let recordedFrom = Infinity;
let recordedUntil = start;
const send = (n) => {
  const due = start + n * intervalMs;
  const sentAt = performance.now();
  const recorded = n >= warmup;
  if (n === warmup) {
    recordedFrom = sentAt;
    loopDelay.enable();
    process.send('recording');
  }
  if (recorded) lateness[n - warmup] = sentAt - due;
  return pool
    .request({ method: 'GET', path: options.path, headers: options.headers })
    .then(async (response) => {
      await response.body.dump();
      if (!recorded) return;
      if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
      recordedUntil = performance.now();
      if (sentAtEpoch) sentAtEpoch[answered] = performance.timeOrigin + sentAt;
      latencies[answered++] = recordedUntil - sentAt;
    })
    .catch(() => {
      if (recorded) errors += 1;
    });
};
const inFlight = new Set();
const timer = setInterval(() => {
  const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
  while (sent < due) {
    const request = send(sent++);
    inFlight.add(request);
    request.finally(() => inFlight.delete(request));
  }
  if (sent >= total) {
    clearInterval(timer);
    finish();
  }
}, 1);
async function finish() {
  await Promise.all(inFlight);
  loopDelay.disable();
  await pool.close();
  const elapsedSeconds = (recordedUntil - recordedFrom) / 1000;
  if (sentAtEpoch)
    require('node:fs').writeFileSync(
      options.traceFile,
      JSON.stringify({ sent: Array.from(sentAtEpoch.subarray(0, answered)), latency: Array.from(latencies.subarray(0, answered)) }),
    );
  const sorted = latencies.subarray(0, answered).sort();
  process.send({
    requests_per_second: Math.round(answered / elapsedSeconds),
    p50_ms: +percentile(sorted, 0.5).toFixed(2),
    p99_ms: +percentile(sorted, 0.99).toFixed(2),
    max_ms: +(sorted[sorted.length - 1] ?? 0).toFixed(2),
    send_lateness_p99_ms: +percentile(lateness.sort(), 0.99).toFixed(2),
    generator_loop_delay_max_ms: +(loopDelay.max / 1e6).toFixed(2),
    generator_loop_delay_p99_ms: +(loopDelay.percentile(99) / 1e6).toFixed(2),
    non_2xx: non2xx,
    errors,
  });
  process.disconnect();
}
`;

type GeneratorFigures = Omit<PacedMeasured, 'name' | 'target_per_second' | 'seconds'>;

/**
 * An open-loop load at a steady rate: request n is due at start + n / rate, whatever happened to the
 * ones before, and is handed to the connection pool when due (at the next millisecond tick). Its
 * latency runs from then until its answer is read, time queued for a free connection included, so a
 * stall of the server counts against every request it held up. How late the generator itself sent is
 * reported beside it (send_lateness_p99_ms): a large figure means this machine could not keep the
 * pace and the run says little. autocannon's `overallRate` cannot measure this: each connection sends
 * its per-second quota back to back as soon as the second begins and then waits, so "half the load"
 * is full load for half of every second.
 *
 * The generator runs in a process of its own, holding little more than its connections and figures:
 * in the benchmark's process (the test runner, its compiled sources and every earlier run's results)
 * its own collections stalled it for 20 to 50 ms at a time, after which it sent every request fallen
 * due at once, a burst a server with less room behind it took longer to clear.
 */
export async function measurePaced(name: string, options: PacedOptions): Promise<PacedMeasured> {
  const { bystander, server, ...load } = options;
  const generator = spawn(process.execPath, ['-e', GENERATOR_SOURCE], {
    env: { ...process.env, PACED_OPTIONS: JSON.stringify({ warmupSeconds: 2, ...load }) },
    cwd: process.cwd(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(generator, 'exit');
  let resets: Promise<unknown> | undefined;
  const figures = await new Promise<GeneratorFigures>((resolve, reject) => {
    generator.on('message', (message: 'recording' | GeneratorFigures) => {
      if (message === 'recording')
        resets = Promise.all([bystander?.reset(), server?.probe.reset(server.pid)]);
      else resolve(message);
    });
    // Its messages all arrive before its channel closes.
    generator.once('disconnect', () => reject(new Error('the paced generator ended before its figures')));
  });
  await exited;
  await resets;
  const delay = await bystander?.read();
  const serverPauses = await server?.probe.read(server.pid);
  const measured: PacedMeasured = {
    name,
    target_per_second: options.ratePerSecond,
    seconds: options.seconds,
    ...figures,
    ...(delay && { bystander_delay_max_ms: delay.max_ms, bystander_delay_p99_ms: delay.p99_ms }),
    ...(serverPauses && { server_pauses: serverPauses }),
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  return measured;
}
