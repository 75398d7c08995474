import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a server did over a span, measured the same way in every server: held, allocated, paused. */
export interface ServerPauses {
  /**
   * How long the server held each request: from its 'request' event (the request read and parsed) to
   * its answer handed to the kernel ('finish'). A latency the load generator saw beyond this was spent
   * outside the server's handling: queued in the kernel or behind the server's busy event loop before
   * it read the request, or in the generator.
   */
  in_server_p99_ms: number;
  in_server_max_ms: number;
  /**
   * Bytes the server allocated per request held, in KB: V8's sampling heap profiler's estimate over
   * the span (one sample per 32 KB allocated on average, objects collected since counted too), over
   * the requests held. Unlike a latency, it does not move with the machine's load.
   */
  allocated_kb_per_request: number | null;
  /** Per kind of collection (minor: scavenges; major: mark-compact; incremental: marking steps). */
  gc: Record<string, { count: number; total_ms: number; max_ms: number }>;
  /** How late its 10 ms timer fired, at most and at the 99th percentile. */
  loop_delay_max_ms: number;
  loop_delay_p99_ms: number;
}

/**
 * Loaded with `--require` into every server a benchmark measures, the apps and the yardsticks alike: it
 * records each garbage collection (every entry V8 reports, by kind), the delay of a 10 ms timer (the
 * event loop's), how long each HTTP request was held (node:http's servers, Fastify's included) and,
 * from a `reset` to the next `read`, what it allocated (the sampling heap profiler, through an
 * inspector session of its own). It answers `read` or `reset` (read, then start a new span) on a Unix
 * socket named after the process. Only in the main thread, so the apps' worker threads leave it alone.
 */
const SOURCE = `
const { isMainThread } = require('node:worker_threads');
const dir = process.env.BENCH_PAUSE_PROBE_DIR;
if (isMainThread && dir) {
  const { createServer } = require('node:net');
  const http = require('node:http');
  const { PerformanceObserver, createHistogram, monitorEventLoopDelay, constants, performance } = require('node:perf_hooks');
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  let gc = {};
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Microseconds each request was held.
  const held = createHistogram();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, response) {
    if (event === 'request') {
      const from = performance.now();
      response.once('finish', () => held.record(Math.max(1, Math.round((performance.now() - from) * 1000))));
    }
    return emit.apply(this, arguments);
  };
  // BENCH_PAUSE_TRACE (a directory): each collection's and each stall's start (ms since the epoch) and
  // length, kept from a reset and written there on the next read, a file per span.
  const tracing = process.env.BENCH_PAUSE_TRACE;
  let spans = 0;
  let trace = { gc: [], stalls: [], heap: [] };
  if (tracing) {
    // With each stall, the main thread's CPU time over it: as long as the stall, the thread was busy;
    // much less, it waited (for a core, a lock or the kernel).
    const cpu = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000; };
    let last = performance.now();
    let lastCpu = cpu();
    setInterval(() => {
      const now = performance.now();
      const nowCpu = cpu();
      if (now - last > 3) trace.stalls.push([performance.timeOrigin + last, now - last, nowCpu - lastCpu]);
      last = now;
      lastCpu = nowCpu;
    }, 1).unref();
    // The heap's spaces every 100 ms: what grows between collections, and what a collection frees.
    const v8 = require('node:v8');
    setInterval(() => {
      const spaces = {};
      for (const s of v8.getHeapSpaceStatistics()) spaces[s.space_name] = Math.round(s.space_used_size / 1024);
      trace.heap.push([performance.timeOrigin + performance.now(), spaces]);
    }, 100).unref();
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = KINDS[entry.detail && entry.detail.kind] || 'other';
      if (tracing) trace.gc.push([performance.timeOrigin + entry.startTime, entry.duration, kind]);
      const counts = (gc[kind] = gc[kind] || { count: 0, total_ms: 0, max_ms: 0 });
      counts.count += 1;
      counts.total_ms += entry.duration;
      counts.max_ms = Math.max(counts.max_ms, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => +(ns / 1e6).toFixed(1);
  const session = new (require('node:inspector').Session)();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params || {}, (err, result) => (err ? reject(err) : resolve(result))),
    );
  const SAMPLING = {
    samplingInterval: 32768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  };
  let sampling = false;
  // The bytes allocated since sampling began, V8's estimate (each node's selfSize is scaled up from
  // its samples); sampling stops.
  const allocated = async () => {
    if (!sampling) return null;
    sampling = false;
    const { profile } = await post('HeapProfiler.stopSampling');
    let bytes = 0;
    const add = (node) => {
      bytes += node.selfSize;
      for (const child of node.children) add(child);
    };
    add(profile.head);
    return bytes;
  };
  post('HeapProfiler.enable').catch(() => {});
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    socket.once('data', async (message) => {
      // Read before the heap profile is taken, which holds the event loop up while V8 builds it.
      const figures = {
        gc: Object.fromEntries(
          Object.entries(gc).map(([kind, g]) => [
            kind,
            { count: g.count, total_ms: +g.total_ms.toFixed(1), max_ms: +g.max_ms.toFixed(1) },
          ]),
        ),
        loop_delay_max_ms: ms(delay.max),
        loop_delay_p99_ms: ms(delay.percentile(99)),
        in_server_p99_ms: held.count === 0 ? 0 : ms(held.percentile(99) * 1000),
        in_server_max_ms: held.count === 0 ? 0 : ms(held.max * 1000),
        allocated_kb_per_request: null,
      };
      const bytes = await allocated().catch(() => null);
      if (bytes !== null && held.count > 0)
        figures.allocated_kb_per_request = +(bytes / held.count / 1024).toFixed(2);
      if (tracing) {
        require('node:fs').writeFileSync(tracing + '/' + process.pid + '-' + ++spans + '.json', JSON.stringify(trace));
        trace = { gc: [], stalls: [], heap: [] };
      }
      if (message === 'reset') {
        gc = {};
        delay.reset();
        held.reset();
        sampling = await post('HeapProfiler.startSampling', SAMPLING).then(() => true, () => false);
      }
      socket.end(JSON.stringify(figures));
    });
  });
  server.on('error', () => {});
  server.listen(dir + '/' + process.pid + '.sock');
  server.unref();
}
`;

/**
 * The pause probe of one benchmark run: `install` writes it where the run's servers will load it from,
 * and asks for it in every server started after (apps through PFT_CHILD_NODE_ARGS, yardsticks through
 * BENCH_PAUSE_PROBE, support/bare-server.ts); `reset` and `read` then ask a server by its process id.
 * The hello-world, the floors and the app are so measured alike: a collection or a stall of the app's
 * is set beside those of the least work the same request needs.
 */
export class PauseProbe {
  private constructor(
    private readonly dir: string,
    private readonly restore: () => void,
  ) {}

  static install(): PauseProbe {
    const dir = mkdtempSync(join(tmpdir(), 'pft-pauses-'));
    const file = join(dir, 'pause-probe.js');
    writeFileSync(file, SOURCE);
    const before = {
      childNodeArgs: process.env.PFT_CHILD_NODE_ARGS,
      probe: process.env.BENCH_PAUSE_PROBE,
      probeDir: process.env.BENCH_PAUSE_PROBE_DIR,
    };
    process.env.PFT_CHILD_NODE_ARGS = [before.childNodeArgs, '--require', file].filter(Boolean).join(' ');
    process.env.BENCH_PAUSE_PROBE = file;
    process.env.BENCH_PAUSE_PROBE_DIR = dir;
    const put = (name: string, value: string | undefined) => {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    };
    return new PauseProbe(dir, () => {
      put('PFT_CHILD_NODE_ARGS', before.childNodeArgs);
      put('BENCH_PAUSE_PROBE', before.probe);
      put('BENCH_PAUSE_PROBE_DIR', before.probeDir);
    });
  }

  /** Starts a new span in the server `pid`: what `read` gives from now on. */
  async reset(pid: number): Promise<void> {
    await this.ask(pid, 'reset');
  }

  /** The server's pauses since its last `reset`. */
  read(pid: number): Promise<ServerPauses> {
    return this.ask(pid, 'read');
  }

  /** Servers started from now on go without it; the probe's files are removed. */
  remove(): void {
    this.restore();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private ask(pid: number, message: 'reset' | 'read'): Promise<ServerPauses> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(join(this.dir, `${pid}.sock`), () => socket.write(message));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => {
        try {
          resolve(JSON.parse(answer) as ServerPauses);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
      socket.on('error', reject);
    });
  }
}
