import { type Json, fmt, type Row } from './report-format';

/** `p50 … ms, p99 … ms` of a latency summary. */
const p50p99 = (ms: Json | undefined): string => `p50 ${fmt(ms?.p50)} ms, p99 ${fmt(ms?.p99)} ms`;

/** What follows a write under a steady write load: the partner read that shows it, the webhook that tells of it. */
export const latencyFigures: Record<string, (data: Json) => Row[]> = {
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
};
