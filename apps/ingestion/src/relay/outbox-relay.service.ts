import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  describeMismatch,
  ensureTopics,
  type KafkaClient,
  KafkaTopicsError,
  pilotTopics,
  shutdownDeadline,
} from '@pft/platform';
import { OutboxRelay } from '@pft/event-store';
import { RELAY_KAFKA } from './relay-kafka.provider';
import { relayMetricHooks, reportRelayLease } from './relay-metrics';
import { IngestionConfig } from '../ingestion.config';

/** Runs the outbox relay inside the ingestion app (unless RELAY_ENABLED=false). */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('relay');
  private relay?: OutboxRelay;

  constructor(
    private readonly config: IngestionConfig,
    @Inject(RELAY_KAFKA) private readonly kafka: KafkaClient,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.RELAY_ENABLED) return;
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
    // Topics are made by the project, never by auto-creation; until this succeeds the relay retries.
    // A cluster with fewer brokers than KAFKA_REPLICATION_FACTOR gets no topic: the writes stay in
    // the outbox, as while Kafka is down.
    ensureTopics(
      this.kafka,
      pilotTopics(this.config).filter((t) => t.topic === this.config.PILOT_EVENTS_TOPIC),
    ).then(
      (report) => {
        for (const m of report.mismatches)
          this.logger.warn(describeMismatch(m, this.config.KAFKA_BROKERS).join('\n'));
      },
      (err: unknown) => {
        if (err instanceof KafkaTopicsError) this.logger.error(`${err.code}: ${err.message}`);
        else this.logger.warn(`pilot events topic not ensured yet: ${String(err)}`);
      },
    );
    this.relay.start();
  }

  /** Wakes the relay of this process if it is the one publishing; false otherwise. */
  wakeIfActive(): boolean {
    if (!this.relay?.isLeader) return false;
    this.relay.wake();
    return true;
  }

  /** Until the shutdown deadline at most: a batch abandoned in flight stays in the outbox, sent again later. */
  async onApplicationShutdown(): Promise<void> {
    if (this.relay) await shutdownDeadline.within('the relay to stop', this.relay.stop());
  }
}
