import autocannon from 'autocannon';
import { createDataSource, type KafkaClient, type KafkaClientName } from '@pft/platform';
import { TEST_KAFKA_BROKERS } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';
import { median, RELAY_DEFAULT_KAFKA_CLIENT, roundOrder } from '../support/kafka-clients';
import {
  drainOutbox,
  outboxBacklog,
  type ProducerFloorRun,
  producerFloor,
  type RelayDrainRun,
} from './relay-drain';

/** What the relay rounds are made of (the ingestion benchmark's settings). */
export interface RelayRoundSettings {
  clients: KafkaClientName[];
  /** Rounds of every client, their order alternating. */
  repeats: number;
  importConnections: number;
  /** Imports of `importSize` flights that fill the outbox for each run. */
  relayImports: number;
  importSize: number;
  /** The relay's events per Kafka request, as the apps run it. */
  batchSize: number;
}

async function topicMessages(kafka: KafkaClient, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return (await admin.fetchTopicOffsets(topic)).reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
  } finally {
    await admin.disconnect();
  }
}

/**
 * The relay on each client, in alternating rounds: fill the outbox of a database of its own with a
 * burst of imports, through an ingestion app with its relay off; let the app relay it on the client
 * until it is empty; then send the same events by the client's bare producer. Each on a topic of its own.
 */
export async function measureRelay(
  bench: BenchRun,
  kafka: KafkaClient,
  imports: autocannon.Request[],
  settings: RelayRoundSettings,
) {
  const { clients, repeats, importConnections, relayImports, importSize, batchSize } = settings;
  const db = await bench.database();
  const dataSource = await createDataSource(db.url, 1).initialize();
  bench.defer(() => dataSource.destroy());
  const filler = await bench.app('ingestion', {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '20',
    PILOT_EVENTS_TOPIC: await bench.topic(kafka, 'bench-relay-unused', 1),
    RELAY_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  });
  const runs = new Map<KafkaClientName, { drain: RelayDrainRun[]; floor: ProducerFloorRun[] }>(
    clients.map((c) => [c, { drain: [], floor: [] }]),
  );
  for (let round = 0; round < repeats; round++) {
    for (const client of roundOrder(clients, round)) {
      const fill = await autocannon({
        url: filler.url,
        connections: importConnections,
        amount: relayImports,
        requests: imports,
      });
      if (fill.non2xx > 0 || fill.errors > 0)
        throw new Error(`filling the outbox: ${fill.non2xx} non-2xx answers, ${fill.errors} errors`);
      const backlog = await outboxBacklog(dataSource);
      const relayTopic = await bench.topic(kafka, 'bench-relay', 12);
      const drain = await drainOutbox(db.url, relayTopic, client, backlog);
      const published = await topicMessages(kafka, relayTopic);
      if (published < backlog.events)
        throw new Error(`the relay on ${client} published ${published} of ${backlog.events} events`);
      const floorTopic = await bench.topic(kafka, 'bench-relay-floor', 12);
      const floor = await producerFloor(db.url, TEST_KAFKA_BROKERS, floorTopic, client, backlog, batchSize);
      runs.get(client)!.drain.push(drain);
      runs.get(client)!.floor.push(floor);
      process.stdout.write(
        `${JSON.stringify({ round: round + 1, client, outbox: backlog.events, relay_events_per_second: Math.round(drain.events_per_second), producer_floor_events_per_second: Math.round(floor.events_per_second) })}\n`,
      );
    }
  }
  await filler.stop();
  const byClient = clients.map((client) => {
    const { drain, floor } = runs.get(client)!;
    return [
      client,
      {
        drain: { events_per_second: median(drain.map((r) => r.events_per_second)), runs: drain },
        producer_floor: {
          events_per_second: median(floor.map((r) => r.events_per_second)),
          value_bytes: median(floor.map((r) => r.value_bytes)),
          runs: floor,
        },
        // Each round's drain over the same client's floor just after it.
        ratio_to_floor: median(drain.map((r, i) => r.events_per_second / floor[i]!.events_per_second)),
      },
    ] as const;
  });
  return {
    kafka_clients: clients,
    relay_default_kafka_client: RELAY_DEFAULT_KAFKA_CLIENT,
    repeats: repeats,
    outbox_events: relayImports * importSize,
    batch_size: batchSize,
    note:
      `The ingestion app's relay (RELAY_ENABLED, KAFKA_CLIENT and RELAY_KAFKA_CLIENT per client) publishing an outbox of ${relayImports * importSize} events left by a burst of imports, ` +
      `timed from the first poll (every 20 ms, the smallest position left in the outbox) that saw it shrink until it was empty, the events published by then left out: ` +
      `its whole loop of reading ${batchSize} outbox rows, sending them (idempotent, one request in flight, acks -1) and deleting them. ` +
      "The producer floor: the same events as the same messages, made before the clock starts, sent by the same client's bare producer with the same settings and batches, one send awaited before the next: the Kafka part of the relay alone. " +
      "ratio_to_floor: each round's drain over that floor; every figure the median of the rounds, the clients' order alternating.",
    by_client: Object.fromEntries(byClient),
  };
}
