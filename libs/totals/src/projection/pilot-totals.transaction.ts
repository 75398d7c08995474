import { type EventProducer, type MessageBatch } from '@pft/platform/kafka/kafka.port';
import {
  applyPilotTotalsBatch,
  ProjectionSupersededError,
  type BatchOutcome,
  type DeadLetter,
} from './pilot-totals.batch';
import { deadLetterRecord } from './dead-letter-record';
import { type HeldCommands } from './held-commands';
import { type DecodedMessage, type HeldCommandSize } from './batch-messages';
import { projectionMetrics } from './projection-metrics';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';
import { type PilotTotalsConsumerOptions, type ProjectionLogger } from './pilot-totals.consumer-options';

/**
 * A batch's one Postgres transaction (PilotTotalsConsumer): its folds and stored offset, its dead
 * letters sent before the commit, and the end of writing once the version is superseded.
 */
export class PilotTotalsTransaction {
  private supersededCalled = false;

  constructor(
    private readonly options: Pick<
      PilotTotalsConsumerOptions,
      'dataSource' | 'topic' | 'deadLetterTopic' | 'version' | 'onSuperseded'
    >,
    private readonly io: {
      labels: { projection: string; version: string };
      held: HeldCommands;
      logger: ProjectionLogger;
      /** The consumer's producer, connected while it runs. */
      producer: () => EventProducer | undefined;
    },
  ) {}

  /** The batch's one transaction; undefined when the version was superseded (nothing written). */
  async apply(batch: MessageBatch, held: readonly DecodedMessage[]): Promise<BatchOutcome | undefined> {
    const { dataSource, topic, version } = this.options;
    const endTimer = projectionMetrics.batchSeconds.startTimer(this.io.labels);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const outcome = await applyPilotTotalsBatch(
        runner,
        { version, topic, partition: batch.partition },
        batch.messages,
        { held, holdIncomplete: (command) => this.holds(batch.partition, command) },
      );
      // Before the commit: a crash in between sends a dead letter twice, never not at all.
      if (outcome.deadLetters.length > 0) await this.sendDeadLetters(outcome.deadLetters, batch.partition);
      await runner.commitTransaction();
      return outcome;
    } catch (err) {
      await runner.rollbackTransaction().catch(() => undefined);
      if (err instanceof ProjectionSupersededError) {
        this.superseded();
        return undefined;
      }
      throw err;
    } finally {
      await runner.release();
      endTimer();
    }
  }

  /** Whether the batch holds the command back; one whose rest does not come is applied in parts. */
  private holds(partition: number, command: HeldCommandSize): boolean {
    if (this.io.held.holds(partition, command)) return true;
    this.io.logger.warn(
      `${this.options.topic}/${partition}@${command.first}: a command of ${command.messages} messages ` +
        `held back without its rest coming is applied in parts (docs/projections.md)`,
    );
    return false;
  }

  private async sendDeadLetters(deadLetters: DeadLetter[], partition: number): Promise<void> {
    const { topic, deadLetterTopic, version } = this.options;
    await this.io
      .producer()!
      .send(deadLetterRecord(deadLetters, { topic, deadLetterTopic, partition, version }));
  }

  private superseded(): void {
    if (this.supersededCalled) return;
    this.supersededCalled = true;
    this.io.logger.log(
      `${PILOT_TOTALS_PROJECTION} version ${this.options.version} superseded; this consumer stops writing`,
    );
    this.options.onSuperseded?.(this.options.version);
  }
}
