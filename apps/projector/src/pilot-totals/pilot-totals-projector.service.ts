import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ensureTopicInBackground,
  KAFKA,
  KafkaReadiness,
  type KafkaClient,
  KAFKA_LEAVE_MS,
  pilotTopics,
  shutdownDeadline,
} from '@pft/platform';
import { PartnerReadRevision } from '@pft/totals';
import {
  foldConcurrency,
  PilotTotalsConsumer,
  readProjectionVersions,
  sweepProjectionGroups,
} from '@pft/totals';
import { StartBackoff } from './start-backoff';
import { EventsGoneReport, type ReportLine } from './events-gone-report';
import { OffsetsPastEndReport } from './offsets-past-end-report';
import { ProjectorConfig } from '../projector.config';

/** How often the projector deletes the consumer groups no version uses any more. */
const GROUP_SWEEP_MS = 60_000;

/**
 * Keeps the active version of the pilot totals projection up to date. Every second it refreshes
 * the partitions' freshness and checks which version is active: after a rebuild switched readers
 * to a new version, it stops writing the old one and goes on in the new one from that version's
 * stored offsets (with that version's consumer group).
 *
 * The consumer starts in the background, so the app serves health at once, and a broker that is
 * away (at start, or later when the client gives up) is tried again with backoff until it answers:
 * the process never exits for it, and `consuming` (readiness) is false meanwhile.
 */
@Injectable()
export class PilotTotalsProjectorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('pilot-totals-projector');
  private readonly backoff: StartBackoff;
  private readonly eventsGoneReport = new EventsGoneReport();
  private readonly offsetsPastEndReport = new OffsetsPastEndReport();
  private consumer?: PilotTotalsConsumer;
  /** Set when the consumer stopped on an error and does not start itself again. */
  private consumerGaveUp = false;
  private timer?: NodeJS.Timeout;
  private tick: Promise<void> = Promise.resolve();
  private ticking = false;
  private stopping = false;
  private nextGroupSweep = 0;

  constructor(
    @Inject(KAFKA) private readonly kafka: KafkaClient,
    private readonly dataSource: DataSource,
    private readonly config: ProjectorConfig,
    private readonly partnerReads: PartnerReadRevision,
    private readonly kafkaReadiness: KafkaReadiness,
  ) {
    this.backoff = new StartBackoff(Date.now, config.PROJECTOR_START_RETRY_MAX_MS);
  }

  /**
   * Returns at once: the HTTP server listens only after every module's bootstrap. The dead-letter topic
   * is made here if it is missing (in the background), so the first poison event has somewhere to go.
   */
  onApplicationBootstrap(): void {
    const [deadLetters] = pilotTopics(this.config).filter((t) => t.topic === this.config.DEAD_LETTER_TOPIC);
    if (deadLetters) ensureTopicInBackground(this.kafka, deadLetters, this.config.KAFKA_BROKERS, this.logger);
    this.timer = setInterval(() => this.schedule(), 1000);
    this.schedule();
  }

  /** Whether the consumer is in its group and fetching: the projector is ready only then. */
  get consuming(): boolean {
    return this.consumer?.consuming ?? false;
  }

  /**
   * Events the active version has still to fold that the topic no longer holds, as of the last tick: the
   * version cannot be complete, and the projector is not ready while they are missing (ConsumerReadiness).
   */
  get eventsGone(): Error | undefined {
    return this.eventsGoneReport.current;
  }

  /**
   * Offsets the active version stored past the end of the topic, as of the last tick (the topic made
   * again, a database from another environment): their partitions fold nothing, and the projector is
   * not ready (ConsumerReadiness) until a version is built from this topic.
   */
  get offsetsPastEnd(): Error | undefined {
    return this.offsetsPastEndReport.current;
  }

  /**
   * Stops fetching; the batch in flight commits whole or rolls back, nothing half-written. Each step waits
   * KAFKA_LEAVE_MS at most (and never past the shutdown deadline): a batch abandoned there is one
   * transaction with its offsets, which the database rolls back once the process is gone.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    // A tick may be restarting the consumer, leaving the group first.
    await shutdownDeadline.within('the projector tick in flight', this.tick, KAFKA_LEAVE_MS);
    const consumer = this.consumer;
    this.consumer = undefined;
    if (consumer)
      await shutdownDeadline.within('the consumer leaving its group', consumer.stop(), KAFKA_LEAVE_MS);
  }

  /** One tick at a time: one that finds the last still running (a slow database, a start) is skipped. */
  private schedule(): void {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    this.tick = (async () => {
      try {
        await this.followActiveVersion();
        const consumer = this.consumer;
        if (consumer) {
          await consumer.refreshFreshness();
          this.report(this.eventsGoneReport.observe(consumer.eventsGone));
          this.report(this.offsetsPastEndReport.observe(consumer.offsetsPastEnd));
          await this.sweepGroups(consumer.version);
        }
      } catch (err) {
        this.logger.error(`projector tick failed: ${messageOf(err)}`);
      } finally {
        this.ticking = false;
      }
    })();
  }

  /**
   * Each minute, the consumer groups of versions dropped and of topics no longer read that a rebuild
   * could not delete (their members had not left yet) are deleted, once empty (sweepProjectionGroups).
   */
  private async sweepGroups(active: number): Promise<void> {
    if (Date.now() < this.nextGroupSweep) return;
    this.nextGroupSweep = Date.now() + GROUP_SWEEP_MS;
    await sweepProjectionGroups({
      kafka: this.kafka,
      dataSource: this.dataSource,
      topic: this.config.PILOT_EVENTS_TOPIC,
      active,
      logger: this.logger,
      withinMs: 0,
      warnMembers: false,
    });
  }

  private report(line: ReportLine | undefined): void {
    if (line?.level === 'error') this.logger.error(line.message);
    else if (line) this.logger.log(line.message);
  }

  private async followActiveVersion(): Promise<void> {
    const { active } = await readProjectionVersions(this.dataSource);
    if (this.stopping) return;
    if (this.consumer?.version === active && !this.consumerGaveUp) return;
    if (this.consumer) {
      if (this.consumer.version !== active)
        this.logger.log(`active version is now ${active}; leaving version ${this.consumer.version}`);
      await this.consumer.stop().catch(() => undefined);
      this.consumer = undefined;
    }
    if (this.backoff.waiting()) return;
    await this.startConsumer(active);
  }

  private async startConsumer(version: number): Promise<void> {
    const consumer = new PilotTotalsConsumer({
      kafka: this.kafka,
      dataSource: this.dataSource,
      topic: this.config.PILOT_EVENTS_TOPIC,
      deadLetterTopic: this.config.DEAD_LETTER_TOPIC,
      version,
      concurrency: foldConcurrency(this.config.DATABASE_POOL_SIZE),
      logger: this.logger,
      sessionTimeoutMs: this.config.PROJECTOR_SESSION_TIMEOUT_MS,
      onSuperseded: () => this.schedule(),
      afterChange: () => this.partnerReads.announceChange(),
    });
    consumer.onCrash((restarting) => {
      if (!restarting) this.consumerGaveUp = true;
    });
    try {
      // One quick try first: a broker that is down costs a second here, not the client's retries.
      await this.kafkaReadiness.check();
      this.consumerGaveUp = false;
      await consumer.start();
      this.consumer = consumer;
      this.backoff.succeeded();
    } catch (err) {
      await consumer.stop().catch(() => undefined);
      const delayMs = this.backoff.failed();
      this.logger.warn(
        `consumer not started (attempt ${this.backoff.attempts}): ${messageOf(err)}; trying again in ${delayMs} ms`,
      );
    }
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
