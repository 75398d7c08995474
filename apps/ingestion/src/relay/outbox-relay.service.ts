import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ensureTopicInBackground, type KafkaClient, pilotTopics, shutdownDeadline } from '@pft/platform';
import { OutboxRelay, RelayWake } from '@pft/event-store';
import { RELAY_KAFKA } from './relay-kafka.provider';
import { relayMetricHooks, reportRelayLease } from './relay-metrics';
import { IngestionConfig } from '../ingestion.config';

/**
 * Runs the outbox relay inside the ingestion app (unless RELAY_ENABLED=false), and hands it to the
 * writers' RelayWake, which wakes it directly after their commits while it is the active one.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('relay');
  private relay?: OutboxRelay;

  constructor(
    private readonly config: IngestionConfig,
    @Inject(RELAY_KAFKA) private readonly kafka: KafkaClient | null,
    private readonly wake: RelayWake,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.RELAY_ENABLED || !this.kafka) return;
    this.relay = new OutboxRelay({
      databaseUrl: this.config.DATABASE_URL,
      kafka: this.kafka,
      topic: this.config.PILOT_EVENTS_TOPIC,
      batchSize: this.config.RELAY_BATCH_SIZE,
      pollIntervalMs: this.config.RELAY_POLL_INTERVAL_MS,
      lingerMs: this.config.RELAY_LINGER_MS,
      leaseMs: this.config.RELAY_LEASE_MS,
      connectTimeoutMs: this.config.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: this.config.DATABASE_QUERY_TIMEOUT_MS,
      logger: this.logger,
      ...relayMetricHooks,
    });
    reportRelayLease(this.relay);
    const [eventsTopic] = pilotTopics(this.config).filter((t) => t.topic === this.config.PILOT_EVENTS_TOPIC);
    if (eventsTopic) ensureTopicInBackground(this.kafka, eventsTopic, this.config.KAFKA_BROKERS, this.logger);
    this.relay.start();
    this.wake.attach(this.relay);
  }

  /** Until the shutdown deadline at most: a batch abandoned in flight stays in the outbox, sent again later. */
  async onApplicationShutdown(): Promise<void> {
    if (this.relay) await shutdownDeadline.within('the relay to stop', this.relay.stop());
  }
}
