import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decodeEventMessages, type EventMessage, isErased } from '@pft/contracts';
import { boxOpener, sharedDataKeys } from '@pft/privacy';
import {
  KAFKA,
  KAFKA_LEAVE_MS,
  shutdownDeadline,
  type BatchPayload,
  type EventConsumer,
  type KafkaClient,
} from '@pft/platform';
import { webhookMetrics } from '../webhook-metrics';
import { lockIntakeMark, markTaken } from '@pft/webhooks';
import { takeInEvents } from './intake.statements';
import { WebhooksConfig } from '../webhooks.config';
import { intakeConsumerOptions } from './intake-consumer-options';

/** How long to wait before starting the consumer again after it failed to start or gave up. */
const RESTART_DELAY_MS = 2000;

/**
 * The dispatcher's consumer of the pilot events topic, in a group of its own per topic (intakeConsumerOptions),
 * so that it neither takes partitions from the projector nor waits for it. Each batch is taken in in
 * one transaction and its offsets committed to Kafka only after it: an event is stored as deliveries
 * before it counts as consumed, and one consumed again (after a crash) adds nothing. The transaction
 * also moves the partition's mark (libs/webhooks intake-marks.ts), which tells a message read again from a first read.
 */
@Injectable()
export class PilotEventsIntakeService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-intake');
  private consumer?: EventConsumer;
  private joined = false;
  private stopping = false;
  private restartTimer?: NodeJS.Timeout;

  constructor(
    @Inject(KAFKA) private readonly kafka: KafkaClient,
    private readonly dataSource: DataSource,
    private readonly config: WebhooksConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.start();
  }

  /** In its group and fetching. */
  get consuming(): boolean {
    return this.joined;
  }

  /**
   * Leaves the group, KAFKA_LEAVE_MS at most (the client retries a broker that is gone far longer): a
   * batch abandoned in flight is one transaction, rolled back, its offsets never committed.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.consumer)
      await shutdownDeadline.within(
        'the consumer leaving its group',
        this.consumer.disconnect(),
        KAFKA_LEAVE_MS,
      );
  }

  private async start(): Promise<void> {
    if (this.stopping) return;
    const consumer = this.kafka.consumer(
      intakeConsumerOptions(this.config.PILOT_EVENTS_TOPIC, this.config.WEBHOOK_SESSION_TIMEOUT_MS),
    );
    this.consumer = consumer;
    consumer.onGroupJoin(() => (this.joined = true));
    consumer.onCrash(({ error, restart }) => {
      this.joined = false;
      this.logger.error({ err: error }, `consumer stopped${restart ? ', restarting' : ''}`);
      if (!restart) this.scheduleRestart();
    });
    try {
      await consumer.connect();
      await consumer.subscribe([this.config.PILOT_EVENTS_TOPIC], { fromBeginning: true });
      await consumer.run({
        eachBatch: (payload) => this.eachBatch(payload),
        partitionsConsumedConcurrently: 4,
      });
    } catch (err) {
      this.logger.warn({ err }, 'consumer did not start; trying again');
      await consumer.disconnect().catch(() => undefined);
      this.scheduleRestart();
    }
  }

  private scheduleRestart(): void {
    if (this.stopping) return;
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.start(), RESTART_DELAY_MS);
  }

  private async eachBatch(payload: BatchPayload): Promise<void> {
    const { batch } = payload;
    if (!payload.isRunning() || payload.isStale() || batch.messages.length === 0) return;
    const queued = await this.dataSource.transaction(async (tx) => {
      const takenThrough = await lockIntakeMark(tx, batch.topic, batch.partition);
      const readBefore = new Set<EventMessage>();
      const events: EventMessage[] = [];
      const decodedAll = await decodeEventMessages(
        batch.messages.map((m) => m.value),
        boxOpener(sharedDataKeys(), tx),
      );
      for (const [i, message] of batch.messages.entries()) {
        const decoded = decodedAll[i]!;
        // An erased pilot's event: nothing to tell anyone.
        if (isErased(decoded)) continue;
        if (!decoded.ok) {
          // Nothing to tell partners of in a message nobody can read; the projector dead-letters it.
          this.logger.warn(
            { partition: batch.partition, offset: message.offset, reason: decoded.reason },
            'undecodable pilot event skipped',
          );
          continue;
        }
        events.push(decoded.message);
        if (takenThrough !== null && BigInt(message.offset) <= takenThrough) readBefore.add(decoded.message);
      }
      const taken = await takeInEvents(tx, events, { readBefore: (m) => readBefore.has(m) });
      await markTaken(tx, batch.topic, batch.partition, batch.lastOffset());
      return taken;
    });
    if (queued > 0) webhookMetrics.queued.inc(queued);
  }
}
