import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig, KAFKA, type KafkaClient } from '@pft/platform';
import { PartnerReadRevision } from '@pft/access';
import { PilotTotalsConsumer, readProjectionVersions } from '@pft/projections';

/**
 * Keeps the active version of the pilot totals projection up to date. Every second it refreshes
 * the partitions' freshness and checks which version is active: after a rebuild switched readers
 * to a new version, it stops writing the old one and goes on in the new one from that version's
 * stored offsets (with that version's consumer group).
 */
@Injectable()
export class PilotTotalsProjectorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('pilot-totals-projector');
  private consumer?: PilotTotalsConsumer;
  private timer?: NodeJS.Timeout;
  private tick: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    @Inject(KAFKA) private readonly kafka: KafkaClient,
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly partnerReads: PartnerReadRevision,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.followActiveVersion();
    this.timer = setInterval(() => this.schedule(), 1000);
  }

  /** Stops fetching; the batch in flight commits whole or rolls back, nothing half-written. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.tick;
    await this.consumer?.stop();
    this.consumer = undefined;
  }

  /** One tick at a time: a slow database never piles them up. */
  private schedule(): void {
    this.tick = this.tick.then(async () => {
      if (this.stopping) return;
      try {
        await this.followActiveVersion();
        await this.consumer?.refreshFreshness();
      } catch (err) {
        this.logger.error(`projector tick failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
  }

  private async followActiveVersion(): Promise<void> {
    const { active } = await readProjectionVersions(this.dataSource);
    if (this.consumer?.version === active || this.stopping) return;
    if (this.consumer) {
      this.logger.log(`active version is now ${active}; leaving version ${this.consumer.version}`);
      await this.consumer.stop();
    }
    this.consumer = new PilotTotalsConsumer({
      kafka: this.kafka,
      dataSource: this.dataSource,
      topic: this.config.PILOT_EVENTS_TOPIC,
      deadLetterTopic: this.config.DEAD_LETTER_TOPIC,
      version: active,
      concurrency: Math.max(1, Math.min(8, this.config.DATABASE_POOL_SIZE - 2)),
      logger: this.logger,
      sessionTimeoutMs: this.config.PROJECTOR_SESSION_TIMEOUT_MS,
      onSuperseded: () => this.schedule(),
      afterChange: () => this.partnerReads.announceChange(),
    });
    await this.consumer.start();
  }
}
