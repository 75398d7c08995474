import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool } from 'undici';
import { type Bystander } from './bystander';

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
  /** How late this generator sent the 99th percentile request after it fell due (its timer ticks every ms). */
  send_lateness_p99_ms: number;
  /**
   * The longest and the 99th percentile stall of this generator's own event loop over the recorded
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
  non_2xx: number;
  errors: number;
}

export interface PacedOptions {
  /** Origin, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** Path (with query) of each request, by its number. */
  path: (n: number) => string;
  headers?: Record<string, string>;
  ratePerSecond: number;
  seconds: number;
  connections: number;
  /** Run at the same rate first, not recorded: connections opened, code warm (default 2). */
  warmupSeconds?: number;
  /** An idle process whose timer's delays over the recorded part are reported beside the latencies. */
  bystander?: Bystander;
}

/** The value below which `share` of the sorted `values` lie. */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * An open-loop load at a steady rate: request n is due at start + n / rate, whatever happened to the
 * ones before, and is handed to the connection pool when due (at the next millisecond tick). Its
 * latency runs from then until its answer is read, time queued for a free connection included, so a
 * stall of the server counts against every request it held up. How late the generator itself sent is
 * reported beside it (send_lateness_p99_ms): a large figure means this machine could not keep the
 * pace and the run says little. autocannon's `overallRate`
 * cannot measure this: each connection sends its per-second quota back to back as soon as the second
 * begins and then waits, so "half the load" is full load for half of every second.
 */
export async function measurePaced(name: string, options: PacedOptions): Promise<PacedMeasured> {
  const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 });
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const warmup = Math.round(options.ratePerSecond * (options.warmupSeconds ?? 2));
  const total = warmup + Math.round(options.ratePerSecond * options.seconds);
  const latencies = new Float64Array(total - warmup);
  const lateness = new Float64Array(total - warmup);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const start = performance.now();
  const intervalMs = 1000 / options.ratePerSecond;
  let recordedFrom = Infinity;
  let recordedUntil = start;
  let bystanderReset: Promise<void> | undefined;

  const send = (n: number): Promise<void> => {
    const due = start + n * intervalMs;
    const sentAt = performance.now();
    const recorded = n >= warmup;
    if (n === warmup) {
      recordedFrom = sentAt;
      loopDelay.enable();
      bystanderReset = options.bystander?.reset();
    }
    if (recorded) lateness[n - warmup] = sentAt - due;
    return pool
      .request({ method: 'GET', path: options.path(n), headers: options.headers })
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

  const inFlight = new Set<Promise<void>>();
  await new Promise<void>((resolve) => {
    // Every millisecond, send whatever has fallen due since the last tick.
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
      while (sent < due) {
        const request = send(sent++);
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  loopDelay.disable();
  await bystanderReset;
  const bystander = await options.bystander?.read();
  const elapsedSeconds = (recordedUntil - recordedFrom) / 1000;
  await pool.close();

  const sorted = latencies.subarray(0, answered).sort();
  const measured: PacedMeasured = {
    name,
    target_per_second: options.ratePerSecond,
    seconds: options.seconds,
    requests_per_second: Math.round(answered / elapsedSeconds),
    p50_ms: +percentile(sorted, 0.5).toFixed(2),
    p99_ms: +percentile(sorted, 0.99).toFixed(2),
    max_ms: +(sorted[sorted.length - 1] ?? 0).toFixed(2),
    send_lateness_p99_ms: +percentile(lateness.sort(), 0.99).toFixed(2),
    generator_loop_delay_max_ms: +(loopDelay.max / 1e6).toFixed(2),
    generator_loop_delay_p99_ms: +(loopDelay.percentile(99) / 1e6).toFixed(2),
    ...(bystander && {
      bystander_delay_max_ms: bystander.max_ms,
      bystander_delay_p99_ms: bystander.p99_ms,
    }),
    non_2xx: non2xx,
    errors,
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  return measured;
}
