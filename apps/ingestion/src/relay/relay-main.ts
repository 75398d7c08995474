import { Logger } from '@nestjs/common';
import {
  ensureTopicInBackground,
  metricsPortOf,
  pilotTopics,
  runMain,
  shutdownDeadline,
  startMetricsServer,
} from '@pft/platform';
import { OutboxRelay } from '@pft/event-store';
import { relayKafka } from './relay-kafka.provider';
import { RelayConfig } from './relay.config';
import { relayMetricHooks, reportRelayLease } from './relay-metrics';

/**
 * The outbox relay on its own, without the HTTP API: `node dist/apps/ingestion/src/relay/relay-main.js`.
 * The ingestion app runs the same relay on boot; the lease (RELAY_LEASE_MS) lets only one of them publish.
 * Its metrics (the relay's and the process's) are on a port of their own, METRICS_PORT (default 9468).
 */
runMain('relay', RelayConfig, async (config) => {
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
});
