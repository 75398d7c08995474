/**
 * What `pft --json` is run against: the commands of pft as registered, and a database, an events topic
 * holding sample histories and a Redis prefix of the test's own, with the environment that names them.
 */
import { randomBytes } from 'node:crypto';
import { Command, type Option } from 'commander';
import Redis from 'ioredis';
import { createDataSource } from '@pft/platform';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  TEST_KAFKA_BROKERS,
  testKafka,
  type TestDatabase,
  uniqueRedisPrefix,
} from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { registerDatabaseCommands } from '../../apps/cli/src/commands/database.command';
import { registerKafkaCommands } from '../../apps/cli/src/commands/kafka.command';
import { registerKeysCommands } from '../../apps/cli/src/commands/keys.command';
import { registerPartnersCommands } from '../../apps/cli/src/commands/partners.command';
import { registerPrivacyCommands } from '../../apps/cli/src/commands/privacy.command';
import { registerProjectionsCommands } from '../../apps/cli/src/commands/projections.command';
import { registerTokenCommands } from '../../apps/cli/src/commands/token.command';
import { registerWalkthroughCommand } from '../../apps/cli/src/commands/walkthrough.command';
import { registerWebhooksCommands } from '../../apps/cli/src/commands/webhooks.command';

/** Commands that print no data of their own: the walkthrough narrates, `token mint` prints a bare token. */
export const WITHOUT_JSON = ['token mint', 'walkthrough'];

/** Every command of pft by its full name, with whether it takes --json. */
export function commandsOfPft(): Map<string, boolean> {
  const program = new Command('pft');
  for (const register of [
    registerDatabaseCommands,
    registerKafkaCommands,
    registerPartnersCommands,
    registerKeysCommands,
    registerProjectionsCommands,
    registerPrivacyCommands,
    registerTokenCommands,
    registerWalkthroughCommand,
    registerWebhooksCommands,
  ]) {
    register(program);
  }
  const found = new Map<string, boolean>();
  const walk = (command: Command, path: string[]): void => {
    if (command.commands.length === 0) {
      found.set(
        path.join(' '),
        command.options.some((o: Option) => o.long === '--json'),
      );
    }
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return found;
}

export interface PftJsonGround {
  db: TestDatabase;
  /** The events topic, then the dead-letter topic (not created: left for `pft kafka topics`); more may be pushed. */
  topics: string[];
  env: Record<string, string>;
  /** Messages published to the events topic. */
  published: number;
  /** Deletes the topics, the database and the Redis keys under the prefix. */
  drop(): Promise<void>;
}

export async function preparePftJsonGround(): Promise<PftJsonGround> {
  const kafka = testKafka('pft-json');
  const redisPrefix = uniqueRedisPrefix();
  const db = await createTestDatabase();
  const events = await createTestTopic(kafka, 'pft-json', 3);
  const deadLetters = `test-pft-json-dead-${randomBytes(5).toString('hex')}`;
  const topics = [events, deadLetters];
  const drop = async (): Promise<void> => {
    await Promise.all([deleteTestTopics(kafka, topics).catch(() => undefined), db.drop()]);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  };
  const messages = asKafkaMessages(historyMessages(sampleHistories(4, 6, 4242)));
  await publishMessages(kafka, events, messages).catch(async (err: unknown) => {
    await drop();
    throw err;
  });
  const env = {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: TEST_KAFKA_BROKERS,
    PILOT_EVENTS_TOPIC: events,
    DEAD_LETTER_TOPIC: deadLetters,
    PILOT_EVENTS_PARTITIONS: '3',
    PARTNER_REDIS_PREFIX: redisPrefix,
  };
  return { db, topics, env, published: messages.length, drop };
}

/** Runs one statement on the database at `url`, on a connection of its own. */
export async function runSql(url: string, text: string, params: unknown[] = []): Promise<unknown[]> {
  const dataSource = await createDataSource(url, 1).initialize();
  try {
    return await dataSource.query<unknown[]>(text, params);
  } finally {
    await dataSource.destroy();
  }
}
