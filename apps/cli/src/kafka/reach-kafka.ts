import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { type KafkaClient, type KafkaTiming } from '@pft/platform/kafka/kafka.port';
import { CliError } from '../cli-error';
import { failedLookup, lookupText, socketWords } from '../connection-failure';
import { type Output } from '../output/output';
import { type CliConfig } from '../cli.config';

/**
 * The first connection of a command: three attempts within a few seconds. The apps' client keeps
 * retrying for most of a minute, which suits a service waiting out a broker restart but leaves an
 * operator looking at a silent terminal.
 */
export const FIRST_CONNECTION: KafkaTiming = {
  connectionTimeout: 1500,
  requestTimeout: 3000,
  retry: { initialRetryTime: 250, maxRetryTime: 1000, retries: 2 },
};

/** Whatever the client does, the command gives up after this long. */
const GIVE_UP_MS = 8000;
/** A connection that takes longer than this is announced, so the operator knows what is awaited. */
const ANNOUNCE_AFTER_MS = 500;

export interface ReachKafkaOptions {
  giveUpMs?: number;
  announceAfterMs?: number;
}

/**
 * Checks that the brokers of KAFKA_BROKERS answer, saying so on stderr while it waits, and fails
 * within seconds with KAFKA_UNREACHABLE naming them when they do not. Answers the client the
 * command does its work with (the apps' retries, for a broker that blinks during the work).
 */
export async function reachKafka(
  config: Pick<CliConfig, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_CLIENT'>,
  out: Output,
  options: ReachKafkaOptions = {},
): Promise<KafkaClient> {
  const brokers = config.KAFKA_BROKERS;
  const giveUpMs = options.giveUpMs ?? GIVE_UP_MS;
  const started = Date.now();
  const admin = createKafka(
    brokers,
    config.KAFKA_CLIENT_ID,
    undefined,
    FIRST_CONNECTION,
    config.KAFKA_CLIENT,
  ).admin();
  const announce = setTimeout(
    () => out.warn(`waiting for Kafka at ${brokers} (KAFKA_BROKERS); giving up after ${giveUpMs / 1000} s`),
    options.announceAfterMs ?? ANNOUNCE_AFTER_MS,
  );
  let giveUp: NodeJS.Timeout | undefined;
  const connecting = admin.connect();
  // Still trying when the command gives up: its failure is already reported.
  connecting.catch(() => undefined);
  try {
    await Promise.race([
      connecting,
      new Promise<never>((_, reject) => {
        giveUp = setTimeout(() => reject(new Error('no answer')), giveUpMs);
      }),
    ]);
  } catch (error) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    throw new CliError(
      'KAFKA_UNREACHABLE',
      `cannot reach Kafka at ${brokers} (KAFKA_BROKERS) within ${seconds} s: ${kafkaReason(error)}`,
    );
  } finally {
    clearTimeout(announce);
    clearTimeout(giveUp);
  }
  await admin.disconnect();
  return workingKafka(config);
}

/**
 * The client a command (or a thread of one) does its work with, once Kafka has been reached: the apps'
 * retries, for a broker that blinks during the work.
 */
export function workingKafka(
  config: Pick<CliConfig, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_CLIENT'>,
): KafkaClient {
  return createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID, undefined, undefined, config.KAFKA_CLIENT);
}

/**
 * Why the client could not connect, in words: a broker's host name that does not resolve, else the
 * socket error under its wrapping errors if there is one.
 */
export function kafkaReason(error: unknown): string {
  const lookup = failedLookup(error);
  if (lookup) return lookupText(lookup);
  const { reason, innermost = 'unknown error' } = socketWords(error);
  if (reason) return reason;
  return /timeout/i.test(innermost) ? 'timed out' : innermost;
}
