import { type Command } from 'commander';
import { createDataSource, createKafka, ensureTopics, loadConfig, pilotTopics } from '@pft/infrastructure';

/** Exit code of `kafka check-store` when the topic lacks events the store says it published. */
export const TOPIC_BEHIND_STORE = 3;

export function registerKafkaCommands(program: Command): void {
  const kafka = program.command('kafka').description('the Kafka topics');

  kafka
    .command('topics')
    .description('create the pilot-events and dead-letter topics with their partitions and retention')
    .action(async () => {
      const config = loadConfig();
      const created = await ensureTopics(
        createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID),
        pilotTopics(config),
      );
      console.log(created.length ? `created topics: ${created.join(', ')}` : 'topics exist');
    });

  kafka
    .command('check-store')
    .description(
      `check that the pilot-events topic holds at least every event the store marks as published; exit ${TOPIC_BEHIND_STORE} when it does not (the broker's data is not the one these events went to)`,
    )
    .action(async () => {
      const config = loadConfig();
      const dataSource = await createDataSource(config.DATABASE_URL, 1).initialize();
      const admin = createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID).admin();
      try {
        const rows: { published: string }[] = await dataSource.query(
          `select (select count(*) from events) - (select count(*) from event_outbox) as published`,
        );
        const published = Number(rows[0]?.published ?? 0);
        await admin.connect();
        const offsets = await admin.fetchTopicOffsets(config.PILOT_EVENTS_TOPIC);
        const held = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
        if (held < published) {
          console.error(
            `${config.PILOT_EVENTS_TOPIC} holds ${held} messages, but the event store marks ${published} events as published`,
          );
          process.exitCode = TOPIC_BEHIND_STORE;
          return;
        }
        console.log(`${config.PILOT_EVENTS_TOPIC} holds ${held} messages for ${published} published events`);
      } finally {
        await admin.disconnect();
        await dataSource.destroy();
      }
    });
}
