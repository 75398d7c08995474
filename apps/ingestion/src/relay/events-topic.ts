import { type LoggerService } from '@nestjs/common';
import { describeMismatch, ensureTopics, type KafkaClient, KafkaTopicsError } from '@pft/platform';
import { type TopicSpec } from '@pft/platform/kafka/topics';

/** Between tries while Kafka does not answer: the relay retries its sends meanwhile anyway. */
const RETRY_MS = 5000;

/**
 * Makes sure the pilot events topic exists, in the background, for each relay (the ingestion app's
 * and the relay on its own alike): topics are made by the project, never by auto-creation. While
 * Kafka does not answer it tries again every few seconds, so a relay started while the brokers are
 * down starts all the same and publishes once they are back; the writes wait in the outbox
 * meanwhile. A cluster with fewer brokers than KAFKA_REPLICATION_FACTOR gets no topic: that is
 * logged as an error once, and the writes stay in the outbox, as while Kafka is down.
 */
export function ensureEventsTopic(
  kafka: KafkaClient,
  spec: TopicSpec,
  brokers: string,
  logger: LoggerService,
): void {
  const attempt = (): void => {
    ensureTopics(kafka, [spec]).then(
      (report) => {
        for (const m of report.mismatches) logger.warn(describeMismatch(m, brokers).join('\n'));
      },
      (err: unknown) => {
        if (err instanceof KafkaTopicsError) {
          logger.error(`${err.code}: ${err.message}`);
          return;
        }
        logger.warn(`pilot events topic not ensured yet (trying again in ${RETRY_MS} ms): ${String(err)}`);
        setTimeout(attempt, RETRY_MS).unref();
      },
    );
  };
  attempt();
}
