import { Counter, Gauge, Histogram } from 'prom-client';
import { metricOnce } from '@pft/platform/metrics/metric-once';
import { type OutboxRelay, type OutboxRelayOptions } from '@pft/event-store';

const published = metricOnce(
  'pft_relay_events_published_total',
  () =>
    new Counter({
      name: 'pft_relay_events_published_total',
      help: 'Events the outbox relay published to Kafka',
    }),
);
const alreadyPublished = metricOnce(
  'pft_relay_events_already_published_total',
  () =>
    new Counter({
      name: 'pft_relay_events_already_published_total',
      help: 'Events in flight that the outbox relay found on the topic already, deleted and did not send again',
    }),
);
const sentLate = metricOnce(
  'pft_relay_events_sent_late_total',
  () =>
    new Counter({
      name: 'pft_relay_events_sent_late_total',
      help: 'Events the outbox relay sent under a lease that moved on before Kafka acknowledged them: they may be on the topic twice (consumers drop the repeats)',
    }),
);
const delay = metricOnce(
  'pft_relay_publish_delay_seconds',
  () =>
    new Histogram({
      name: 'pft_relay_publish_delay_seconds',
      help: 'From an event commit to its publication, oldest event of each batch',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    }),
);

/** The relay of this process, whose lease the gauge reports when scraped. */
let leaseOf: (() => boolean) | undefined;

const leaseHeld = metricOnce(
  'pft_relay_lease_held',
  () =>
    new Gauge({
      name: 'pft_relay_lease_held',
      help: "1 while this process's outbox relay holds the lease (the one relay that publishes), else 0",
      collect() {
        this.set(leaseOf?.() ? 1 : 0);
      },
    }),
);

/** What a relay reports its work through: the ingestion app's and the standalone relay's alike. */
export const relayMetricHooks: Pick<OutboxRelayOptions, 'onPublished' | 'onAlreadyPublished' | 'onSentLate'> =
  {
    onPublished: (count, oldest) => {
      published.inc(count);
      delay.observe(Math.max(0, Date.now() - oldest.getTime()) / 1000);
    },
    onAlreadyPublished: (count) => alreadyPublished.inc(count),
    onSentLate: (count) => sentLate.inc(count),
  };

/** Reports `relay`'s lease in `pft_relay_lease_held` from now on. */
export function reportRelayLease(relay: OutboxRelay): void {
  leaseHeld.set(0);
  leaseOf = () => relay.isLeader;
}
