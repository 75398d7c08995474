import { type Command } from 'commander';
import { createKafka, ensureTopics, loadConfig, pilotTopics } from '@pft/infrastructure';

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
}
