import { type LoggerService } from '@nestjs/common';
import { type KafkaClient } from './kafka.port';
import { describeMismatch, KafkaTopicsError } from './topic-replication';
import { ensureTopics, type TopicSpec } from './topics';

/** Between tries while Kafka does not answer: the sends to the topic are retried meanwhile anyway. */
const RETRY_MS = 5000;

/**
 * Makes sure a topic the process writes to exists, in the background: the pilot events topic for each
 * relay (the ingestion app's and the relay on its own alike), the dead-letter topic for the projector.
 * Topics are made by the project, never by auto-creation (the clients never ask for it). While Kafka
 * does not answer it tries again every few seconds, so a relay started while the brokers are down
 * starts all the same and publishes once they are back; the writes wait in the outbox meanwhile. A
 * cluster with fewer brokers than KAFKA_REPLICATION_FACTOR gets no topic: that is logged as an error
 * once, and the writes stay in the outbox (a dead letter, its batch), as while Kafka is down. An
 * existing topic that differs from its spec is logged as a warning with its fix.
 */
export function ensureTopicInBackground(
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
        logger.warn(`topic ${spec.topic} not ensured yet (trying again in ${RETRY_MS} ms): ${String(err)}`);
        setTimeout(attempt, RETRY_MS).unref();
      },
    );
  };
  attempt();
}
