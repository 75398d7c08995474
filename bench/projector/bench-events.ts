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
 * 10,000,000 never holds more than two rounds in memory: a round is made while the one before it is
 * being published. Returns how many, the seconds spent making them and publishing them (each
 * publishing timed from its start to its end, so the two overlap), and the seconds of the whole.
 */
export async function publishBenchEvents(
  kafka: KafkaClient,
  topic: string,
  options: { events: number; pilots: number; perRound: number; sealed?: SealedBenchEvents },
): Promise<{ events: number; generateSeconds: number; publishSeconds: number; seconds: number }> {
  const started = process.hrtime.bigint();
  const perPilot = Math.ceil(options.events / options.pilots);
  const pilotsPerRound = Math.max(1, Math.floor(options.perRound / perPilot));
  let events = 0;
  let generateSeconds = 0;
  let publishSeconds = 0;
  let publishing: Promise<void> = Promise.resolve();
  for (let first = 0; first < options.pilots && events < options.events; first += pilotsPerRound) {
    const t = process.hrtime.bigint();
    const histories = benchHistories(Math.min(pilotsPerRound, options.pilots - first), perPilot, 1 + first);
    const plain = asKafkaMessages(
      historyMessages(histories, { positionsBefore: events }),
      relayMessageValue,
    ).slice(0, options.events - events);
    const messages = options.sealed ? options.sealed.seal(plain) : plain;
    generateSeconds += seconds(t);
    // One round published at a time, in order: a pilot's events stay in order in its partition.
    await publishing;
    events += messages.length;
    const published = events;
    const sending = process.hrtime.bigint();
    publishing = publishMessages(kafka, topic, messages, 2000).then(() => {
      publishSeconds += seconds(sending);
      console.log(`published ${published} of ${options.events} events`);
    });
    // Awaited at the next round or at the end; a failure meanwhile is not left unhandled.
    publishing.catch(() => undefined);
  }
  await publishing;
  return { events, generateSeconds, publishSeconds, seconds: seconds(started) };
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
