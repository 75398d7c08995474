/**
 * What stopped an app's event loop during a run, from the Node.js metrics every app serves on its
 * metrics port (prom-client's defaults): its garbage collections by kind, and the delay of its event
 * loop (sampled every 10 ms by prom-client; the figures cover the time since the metrics were last
 * read, so reading them just before the run makes them the run's). prom-client observes only the first
 * collection of each list its performance observer is handed, so the counts and times of collections
 * are at least those given, never more.
 */
export interface AppPauses {
  /** Per kind of collection (minor: scavenges; major: mark-compact; incremental: marking steps). */
  gc: Record<string, { count: number; total_ms: number; over_10_ms: number }>;
  event_loop_delay_max_ms: number;
  event_loop_delay_p99_ms: number;
}

interface GcCounts {
  count: number;
  seconds: number;
  /** Collections that took at most 10 ms. */
  within10ms: number;
}

async function metricsText(metricsUrl: string): Promise<string> {
  return (await fetch(`${metricsUrl}/metrics`)).text();
}

/** `nodejs_gc_duration_seconds` by kind: how many, how long in all, how many within 10 ms. */
export function gcByKind(text: string): Map<string, GcCounts> {
  const kinds = new Map<string, GcCounts>();
  const of = (kind: string): GcCounts => {
    let counts = kinds.get(kind);
    if (!counts) kinds.set(kind, (counts = { count: 0, seconds: 0, within10ms: 0 }));
    return counts;
  };
  for (const line of text.split('\n')) {
    if (!line.startsWith('nodejs_gc_duration_seconds')) continue;
    const kind = /kind="([^"]+)"/.exec(line)?.[1];
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (kind === undefined || !Number.isFinite(value)) continue;
    if (line.startsWith('nodejs_gc_duration_seconds_count')) of(kind).count = value;
    else if (line.startsWith('nodejs_gc_duration_seconds_sum')) of(kind).seconds = value;
    else if (line.startsWith('nodejs_gc_duration_seconds_bucket') && line.includes('le="0.01"'))
      of(kind).within10ms = value;
  }
  return kinds;
}

const gaugeMs = (text: string, name: string): number =>
  +(Number(new RegExp(`^${name} ([0-9.eE+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1000).toFixed(1);

/** The app's pauses over `work` (its GC counters taken before and after). */
export async function withAppPauses<R extends object>(
  metricsUrl: string,
  work: () => Promise<R>,
): Promise<R & { app_pauses: AppPauses }> {
  const before = gcByKind(await metricsText(metricsUrl));
  const result = await work();
  const text = await metricsText(metricsUrl);
  const gc: AppPauses['gc'] = {};
  for (const [kind, after] of gcByKind(text)) {
    const earlier = before.get(kind) ?? { count: 0, seconds: 0, within10ms: 0 };
    const count = after.count - earlier.count;
    if (count === 0) continue;
    gc[kind] = {
      count,
      total_ms: +((after.seconds - earlier.seconds) * 1000).toFixed(1),
      over_10_ms: count - (after.within10ms - earlier.within10ms),
    };
  }
  return {
    ...result,
    app_pauses: {
      gc,
      event_loop_delay_max_ms: gaugeMs(text, 'nodejs_eventloop_lag_max_seconds'),
      event_loop_delay_p99_ms: gaugeMs(text, 'nodejs_eventloop_lag_p99_seconds'),
    },
  };
}
