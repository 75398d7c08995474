import { type Json, fmt, type Row } from './report-format';

/** `p50 … ms, p99 … ms` of a latency summary. */
const p50p99 = (ms: Json | undefined): string => `p50 ${fmt(ms?.p50)} ms, p99 ${fmt(ms?.p99)} ms`;

/** Under steady writes: the read that shows a write, the webhook that tells of it, each app's size. */
export const steadyFigures: Record<string, (data: Json) => Row[]> = {
  freshness: (d) => [
    {
      figure: `event-to-read freshness at ${fmt(d.load?.writes_per_second)} writes/s for ${fmt(d.load?.seconds)} s`,
      value: `${p50p99(d.freshness_ms)} (${fmt(d.writes_measured)} writes, ${fmt(d.failures)} failures)`,
      goal: 'p99 under 250 ms (the specification allows 5 minutes)',
      met: d.freshness_ms?.p99 < 250,
    },
  ],
  webhooks: (d) => [
    {
      figure: `write to its \`pilot_totals.updated\` arriving, signature verified, at ${fmt(d.load?.writes_per_second)} writes/s for ${fmt(d.load?.seconds)} s (coalescing window ${fmt(d.settings?.WEBHOOK_TOTALS_COALESCE_MS)} ms)`,
      value: `${p50p99(d.delivery_ms)}; freshness in the same run ${p50p99(d.freshness_ms)} (${fmt(d.writes_measured)} writes, ${fmt(d.failures)} failures)`,
      goal: 'p99 under 1 s',
      met: d.delivery_ms?.p99 < 1000,
    },
  ],
  memory: (d) =>
    Object.entries((d.apps ?? {}) as Json).map(([app, m]: [string, Json]) => ({
      figure: `${app}: resident size after ${String(d.load?.minutes)} min at ${fmt(d.load?.writes_per_second)} writes/s and ${fmt(d.load?.reads_per_second)} reads/s (${fmt(d.writes)} writes, ${fmt(d.reads)} reads, ${fmt(d.failures)} failures)`,
      value: `${fmt(m.rss_mb_at_end, 1)} MB against ${fmt(m.rss_mb_at_1_min, 1)} MB after one minute (${fmt(m.end_vs_1_min, 3)}x; peak ${fmt(m.rss_mb_peak, 1)} MB)`,
      goal: 'within 10% of the size after one minute',
      met: m.end_vs_1_min <= 1.1,
    })),
};
