import { type Json, fmt, type Row } from './report-format';

/** Each app's resident size after a steady load, beside its size after the first minute of it. */
export const memoryFigures: Record<string, (data: Json) => Row[]> = {
  memory: (d) =>
    Object.entries((d.apps ?? {}) as Json).map(([app, m]: [string, Json]) => ({
      figure: `${app}: resident size after ${String(d.load?.minutes)} min at ${fmt(d.load?.writes_per_second)} writes/s and ${fmt(d.load?.reads_per_second)} reads/s (${fmt(d.writes)} writes, ${fmt(d.reads)} reads, ${fmt(d.failures)} failures)`,
      value: `${fmt(m.rss_mb_at_end, 1)} MB against ${fmt(m.rss_mb_at_1_min, 1)} MB after one minute (${fmt(m.end_vs_1_min, 3)}x; peak ${fmt(m.rss_mb_peak, 1)} MB)`,
      goal: 'within 10% of the size after one minute',
      met: m.end_vs_1_min <= 1.1,
    })),
};
