import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface PacedMeasured {
  name: string;
  /** The rate asked for; requests_per_second is the rate of answers received over the run. */
  target_per_second: number;
  /** How long the recorded part was paced, in seconds (the warm-up before it not counted). */
  seconds: number;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** How late the generator sent the 99th percentile request after it fell due (its timer ticks every ms). */
  send_lateness_p99_ms: number;
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
}

/** The generator (`node -e`): options in PACED_OPTIONS, figures to its parent; 2 s unrecorded first. */
const GENERATOR_SOURCE = `
const { Pool } = require('undici');
const options = JSON.parse(process.env.PACED_OPTIONS);
const percentile = (sorted, share) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 });
const warmup = Math.round(options.ratePerSecond * 2);
const total = warmup + Math.round(options.ratePerSecond * options.seconds);
const latencies = new Float64Array(total - warmup);
const lateness = new Float64Array(total - warmup);
let answered = 0, non2xx = 0, errors = 0, sent = 0;
const start = performance.now();
const intervalMs = 1000 / options.ratePerSecond;
let recordedFrom = Infinity;
let recordedUntil = start;
const send = (n) => {
  const sentAt = performance.now();
  const recorded = n >= warmup;
  if (n === warmup) recordedFrom = sentAt;
  if (recorded) lateness[n - warmup] = sentAt - (start + n * intervalMs);
  return pool
    .request({ method: 'GET', path: options.path, headers: options.headers })
    .then(async (response) => {
      await response.body.dump();
      if (!recorded) return;
      if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
      recordedUntil = performance.now();
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
  await pool.close();
  const sorted = latencies.subarray(0, answered).sort();
  process.send({
    requests_per_second: Math.round(answered / ((recordedUntil - recordedFrom) / 1000)),
    p50_ms: +percentile(sorted, 0.5).toFixed(2),
    p99_ms: +percentile(sorted, 0.99).toFixed(2),
    max_ms: +(sorted[sorted.length - 1] ?? 0).toFixed(2),
    send_lateness_p99_ms: +percentile(lateness.sort(), 0.99).toFixed(2),
    non_2xx: non2xx,
    errors,
  });
  process.disconnect();
}
`;

type GeneratorFigures = Omit<PacedMeasured, 'name' | 'target_per_second' | 'seconds'>;

/**
 * An open-loop load at a steady rate: request n falls due at start + n / rate whatever became of the
 * ones before, and its latency runs from then, time queued for a connection included (autocannon's
 * `overallRate` sends each second's quota at once). A large send lateness means the machine could not
 * keep the pace. The generator runs in a process of its own (docs/performance.md).
 */
export async function measurePaced(name: string, options: PacedOptions): Promise<PacedMeasured> {
  const generator = spawn(process.execPath, ['-e', GENERATOR_SOURCE], {
    env: { ...process.env, PACED_OPTIONS: JSON.stringify(options) },
    cwd: process.cwd(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(generator, 'exit');
  const figures = await new Promise<GeneratorFigures>((resolve, reject) => {
    generator.on('message', (message: GeneratorFigures) => resolve(message));
    // Its messages all arrive before its channel closes.
    generator.once('disconnect', () => reject(new Error('the paced generator ended before its figures')));
  });
  await exited;
  const measured: PacedMeasured = {
    name,
    target_per_second: options.ratePerSecond,
    seconds: options.seconds,
    ...figures,
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  return measured;
}
