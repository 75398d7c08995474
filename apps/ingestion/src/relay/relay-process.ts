import { Logger } from '@nestjs/common';
// From the files that hold them, not the libraries' entry points: these load Nest's HTTP, TypeORM,
// Redis and the event store's writers, none of which the relay uses.
import { ensureTopicInBackground } from '@pft/platform/kafka/ensure-topic';
import { pilotTopics } from '@pft/platform/kafka/topics';
import { type Closeable } from '@pft/platform/main-runner';
import { metricsPortOf } from '@pft/platform/metrics/metrics-port';
import { startMetricsServer } from '@pft/platform/metrics/metrics-server';
import { shutdownDeadline } from '@pft/platform/shutdown/shutdown-deadline';
import { OutboxRelay } from '@pft/event-store/outbox-relay';
import { relayKafka } from './relay-kafka';
import { type RelayConfig } from './relay.config';
import { relayMetricHooks, reportRelayLease } from './relay-metrics';

/**
 * The standalone relay, started with its configuration (relay-main.ts reads and checks it first): its
 * metrics server, its Kafka client, and the outbox relay publishing to PILOT_EVENTS_TOPIC.
 */
export async function startRelay(config: RelayConfig): Promise<Closeable> {
  const logger = new Logger('relay');
  const metrics = await startMetricsServer(config.HOST, metricsPortOf(config, 'relay'));
  const kafka = relayKafka(config);
  const [eventsTopic] = pilotTopics(config).filter((t) => t.topic === config.PILOT_EVENTS_TOPIC);
  if (eventsTopic) ensureTopicInBackground(kafka, eventsTopic, config.KAFKA_BROKERS, logger);
  const relay = new OutboxRelay({
    databaseUrl: config.DATABASE_URL,
    kafka,
    topic: config.PILOT_EVENTS_TOPIC,
    batchSize: config.RELAY_BATCH_SIZE,
    pollIntervalMs: config.RELAY_POLL_INTERVAL_MS,
    lingerMs: config.RELAY_LINGER_MS,
    leaseMs: config.RELAY_LEASE_MS,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    logger,
    ...relayMetricHooks,
  });
  reportRelayLease(relay);
  relay.start();
  logger.log(`relaying the outbox to ${config.PILOT_EVENTS_TOPIC}, metrics at ${metrics.url}/metrics`);
  // Until the shutdown deadline at most: a batch abandoned in flight stays in the outbox, sent again later.
  return {
    close: async () => {
      await shutdownDeadline.within('the relay to stop', relay.stop());
      await metrics.close();
    },
  };
}
