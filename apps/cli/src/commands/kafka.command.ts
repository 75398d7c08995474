import { type Command } from 'commander';
import { createDataSource } from '@pft/platform/database/data-source';
import { KafkaTopicsError } from '@pft/platform/kafka/topic-replication';
import { ensureTopics, fixMinInsync, pilotTopics } from '@pft/platform/kafka/topics';
import { CliError } from '../cli-error';
import { reachKafka } from '../kafka/reach-kafka';
import { printTopicsReport } from '../kafka/topics-report';
import { consoleOutput, type Output, printJson } from '../output/output';
import { loadCliConfig } from '../cli.config';

/** Exit code of `kafka check-store` when the topic lacks events the store says it published. */
export const TOPIC_BEHIND_STORE = 3;

export function registerKafkaCommands(program: Command, out: Output = consoleOutput): void {
  const kafka = program.command('kafka').description('the Kafka topics');

  kafka
    .command('topics')
    .description(
      'create the pilot-events and dead-letter topics with their partitions, retention, replicas and min.insync.replicas; report existing topics whose replication differs, each with its fix',
    )
    .option('--fix', 'also set min.insync.replicas on existing topics that differ')
    .option('--json', 'print {created, existing, fixed, mismatches} as JSON')
    .action(async (options: { json?: boolean; fix?: boolean }) => {
      const config = loadCliConfig();
      const kafkaClient = await reachKafka(config, out);
      const refused = (error: unknown): never => {
        throw error instanceof KafkaTopicsError ? new CliError(error.code, error.message) : error;
      };
      const report = await ensureTopics(kafkaClient, pilotTopics(config)).catch(refused);
      const fixed = options.fix ? await fixMinInsync(kafkaClient, report.mismatches).catch(refused) : [];
      printTopicsReport(out, report, fixed, { json: options.json, bootstrap: config.KAFKA_BROKERS });
    });

  kafka
    .command('check-store')
    .description(
      `check that the pilot-events topic holds at least every event the store marks as published; exit ${TOPIC_BEHIND_STORE} when it does not (the broker's data is not the one these events went to)`,
    )
    .option('--json', 'print {topic, held, published, behind} as JSON')
    .action(async (options: { json?: boolean }) => {
      const config = loadCliConfig();
      const admin = (await reachKafka(config, out)).admin();
      const dataSource = await createDataSource(config.DATABASE_URL, 1).initialize();
      let held: number;
      let published: number;
      try {
        const rows: { published: string }[] = await dataSource.query(
          `select (select count(*) from events) - (select count(*) from event_outbox) as published`,
        );
        published = Number(rows[0]?.published ?? 0);
        await admin.connect();
        const offsets = await admin.fetchTopicOffsets(config.PILOT_EVENTS_TOPIC);
        held = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
      } finally {
        await admin.disconnect();
        await dataSource.destroy();
      }
      const topic = config.PILOT_EVENTS_TOPIC;
      const behind = held < published;
      if (behind) process.exitCode = TOPIC_BEHIND_STORE;
      if (options.json) printJson(out, { topic, held, published, behind });
      else if (behind)
        out.warn(
          `${topic} holds ${held} messages, but the event store marks ${published} events as published`,
        );
      else out.print(`${topic} holds ${held} messages for ${published} published events`);
    });
}
