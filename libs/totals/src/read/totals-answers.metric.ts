import { Counter } from 'prom-client';
import { metricOnce } from '@pft/platform/metrics/metric-once';

/**
 * Answers given from memory and read from the database since the last scrape: plain numbers, handed to
 * the counter below when /metrics reads it, rather than counting into prom-client's labelled series on
 * every read (a hash of the labels and a map look-up each time).
 */
const answered = { memory: 0, database: 0 };

/** Answers given from memory and read from the database, for /metrics (the hit rate). */
export const totalsReadCacheMetric = metricOnce(
  'pft_partner_totals_answers_total',
  () =>
    new Counter({
      name: 'pft_partner_totals_answers_total',
      help: 'Pilot totals answered to partners, by source: memory (TotalsReadCache) or database',
      labelNames: ['source'],
      collect() {
        for (const source of ['memory', 'database'] as const) {
          if (answered[source] > 0) this.inc({ source }, answered[source]);
          answered[source] = 0;
        }
      },
    }),
);

/** Counts `count` answers given from memory (each request counts into one source or both). */
export function countAnsweredFromMemory(count: number): void {
  answered.memory += count;
}

export function countAnsweredFromDatabase(count: number): void {
  answered.database += count;
}
