import { type KafkaClient } from '@pft/platform';
import { relayMessageValue } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages } from '@pft/testing/oracle';
import { benchHistories } from './bench-histories';
import { type SealedBenchEvents } from './sealed-bench-events';

const seconds = (from: bigint): number => Number(process.hrtime.bigint() - from) / 1e9;

/**
 * Makes `events` logbook events of `pilots` pilots, laid out as the relay publishes them
 * (relayMessageValue), and publishes them to `topic` (with `sealed`, their payloads sealed as the
 * service stores them now) about `perRound` at a time (a group of pilots each), so that a run of
 * 10,000,000 never holds more than that in memory. Returns how many, and the seconds spent making and
 * publishing them.
 */
export async function publishBenchEvents(
  kafka: KafkaClient,
  topic: string,
  options: { events: number; pilots: number; perRound: number; sealed?: SealedBenchEvents },
): Promise<{ events: number; generateSeconds: number; publishSeconds: number }> {
  const perPilot = Math.ceil(options.events / options.pilots);
  const pilotsPerRound = Math.max(1, Math.floor(options.perRound / perPilot));
  let events = 0;
  let generateSeconds = 0;
  let publishSeconds = 0;
  for (let first = 0; first < options.pilots && events < options.events; first += pilotsPerRound) {
    let t = process.hrtime.bigint();
    const histories = benchHistories(Math.min(pilotsPerRound, options.pilots - first), perPilot, 1 + first);
    const plain = asKafkaMessages(
      historyMessages(histories, { positionsBefore: events }),
      relayMessageValue,
    ).slice(0, options.events - events);
    const messages = options.sealed ? options.sealed.seal(plain) : plain;
    generateSeconds += seconds(t);
    t = process.hrtime.bigint();
    await publishMessages(kafka, topic, messages, 2000);
    publishSeconds += seconds(t);
    events += messages.length;
    console.log(`published ${events} of ${options.events} events`);
  }
  return { events, generateSeconds, publishSeconds };
}

/** Each partition's end offset: a fold has caught up once every stored offset reached it. */
export async function topicEnd(kafka: KafkaClient, topic: string): Promise<Map<number, number>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return new Map((await admin.fetchTopicOffsets(topic)).map((o) => [o.partition, Number(o.high)]));
  } finally {
    await admin.disconnect();
  }
}
