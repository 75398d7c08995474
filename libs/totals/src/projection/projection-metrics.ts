import { Counter, Gauge, Histogram } from 'prom-client';
import { metricOnce } from '@pft/platform/metrics/metric-once';

/**
 * The projector's metrics on the default registry (served on its metrics port), one set per process:
 * the app and a rebuild in the same process share them, told apart by the `version` label.
 */
export const projectionMetrics = {
  lag: metricOnce(
    'pft_projection_lag_messages',
    () =>
      new Gauge({
        name: 'pft_projection_lag_messages',
        help: 'Messages on the topic not yet applied, per projection version and partition',
        labelNames: ['projection', 'version', 'partition'],
      }),
  ),
  eventsGone: metricOnce(
    'pft_projection_events_gone',
    () =>
      new Gauge({
        name: 'pft_projection_events_gone',
        help: 'Events the version has still to fold that the topic no longer holds (its first offset past where the version reads on: a retention other than unlimited), per projection version and partition; above 0, the version cannot be complete (docs/operations.md)',
        labelNames: ['projection', 'version', 'partition'],
      }),
  ),
  offsetPastEnd: metricOnce(
    'pft_projection_offset_past_end',
    () =>
      new Gauge({
        name: 'pft_projection_offset_past_end',
        help: "1 when the offset the version stored for the partition is past the topic's end (the topic deleted and made again, or a database from another environment): the partition folds nothing until the version is rebuilt (docs/operations.md); 0 otherwise",
        labelNames: ['projection', 'version', 'partition'],
      }),
  ),
  applied: metricOnce(
    'pft_projection_events_applied_total',
    () =>
      new Counter({
        name: 'pft_projection_events_applied_total',
        help: 'Logbook events folded into the projection (rate() gives events per second)',
        labelNames: ['projection', 'version'],
      }),
  ),
  repeats: metricOnce(
    'pft_projection_events_repeated_total',
    () =>
      new Counter({
        name: 'pft_projection_events_repeated_total',
        help: 'Redelivered or duplicated events skipped',
        labelNames: ['projection', 'version'],
      }),
  ),
  behind: metricOnce(
    'pft_projection_messages_behind_offset_total',
    () =>
      new Counter({
        name: 'pft_projection_messages_behind_offset_total',
        help: 'Fetched messages older than the offset stored with the projection, skipped unread (a partition fetched from before where it was applied to)',
        labelNames: ['projection', 'version'],
      }),
  ),
  parked: metricOnce(
    'pft_projection_messages_parked_total',
    () =>
      new Counter({
        name: 'pft_projection_messages_parked_total',
        help: "Fetched messages of partitions waiting at their end, dropped unread: a gap (events gone from the topic) or an offset stored past the topic's end (docs/operations.md)",
        labelNames: ['projection', 'version'],
      }),
  ),
  held: metricOnce(
    'pft_projection_held_messages',
    () =>
      new Gauge({
        name: 'pft_projection_held_messages',
        help: 'Messages held back in memory, decoded, for a command longer than one fetch to be applied whole (docs/projections.md)',
        labelNames: ['projection', 'version'],
      }),
  ),
  deadLetters: metricOnce(
    'pft_projection_dead_letters_total',
    () =>
      new Counter({
        name: 'pft_projection_dead_letters_total',
        help: 'Messages the projection could not apply, sent to the dead-letter topic',
        labelNames: ['projection', 'version'],
      }),
  ),
  batchSeconds: metricOnce(
    'pft_projection_batch_duration_seconds',
    () =>
      new Histogram({
        name: 'pft_projection_batch_duration_seconds',
        help: 'Time to apply one Kafka batch in one Postgres transaction',
        labelNames: ['projection', 'version'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      }),
  ),
};

/** What one applied batch adds to the counters, and the partition's lag after it. */
export function recordBatchOutcome(
  labels: { projection: string; version: string },
  batch: { partition: number; highWatermark: string },
  outcome: { applied: number; repeats: number; behind: number; deadLetters: readonly unknown[] },
  nextOffset: string,
): void {
  projectionMetrics.applied.inc(labels, outcome.applied);
  projectionMetrics.repeats.inc(labels, outcome.repeats);
  projectionMetrics.behind.inc(labels, outcome.behind);
  projectionMetrics.deadLetters.inc(labels, outcome.deadLetters.length);
  projectionMetrics.lag.set(
    { ...labels, partition: String(batch.partition) },
    Math.max(0, Number(batch.highWatermark) - Number(nextOffset)),
  );
}
