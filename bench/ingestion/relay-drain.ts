import { join } from 'node:path';
import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClientName } from '@pft/platform';
import { startAppProcess, TEST_BUILD_DIR, waitFor } from '@pft/testing';
import { kafkaScriptEnv, runScript } from '../support/timed-script';

/** The events waiting in the outbox: how many, and the positions of the first and the last. */
export interface OutboxBacklog {
  events: number;
  first: number;
  last: number;
}

/** One relay run: the ingestion app on `kafka_client` publishing a full outbox until it is empty. */
export interface RelayDrainRun {
  kafka_client: KafkaClientName;
  /** Events published from the first poll that saw the outbox shrink until it was empty. */
  events: number;
  seconds: number;
  events_per_second: number;
  seconds_from_process_start: number;
  events_per_second_from_process_start: number;
}

/** The same events sent by the client's bare producer the way the relay sends them, nothing else. */
export interface ProducerFloorRun {
  kafka_client: KafkaClientName;
  events: number;
  seconds: number;
  events_per_second: number;
  /** The mean size of a message's value (the event as JSON), in bytes. */
  value_bytes: number;
}

export async function outboxBacklog(dataSource: DataSource): Promise<OutboxBacklog> {
  const [row] = await dataSource.query<{ events: number; first: string | null; last: string | null }[]>(
    'select count(*)::int as events, min(position)::text as first, max(position)::text as last from event_outbox',
  );
  return { events: row?.events ?? 0, first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}

/**
 * Resolves once the outbox is empty: a running relay has published everything written so far. Gives
 * up after 5 minutes, naming the backlog it began with and what the relay (`relayOutput`) had said.
 */
export function outboxEmpty(dataSource: DataSource, relayOutput: () => string): () => Promise<void> {
  return async () => {
    const began = (await outboxBacklog(dataSource)).events;
    await waitFor(
      async () =>
        (await dataSource.query('select 1 from event_outbox limit 1')).length === 0 ? true : undefined,
      300_000,
      `an empty outbox (${began} events waiting when the wait began; the relay had said: ${relayOutput().slice(-500) || 'nothing'})`,
    );
  };
}

/**
 * Starts the ingestion app on `client` with its relay on, against a database whose outbox holds
 * `backlog`, and times it until the outbox is empty. The relay publishes the oldest rows a batch at
 * a time (RELAY_BATCH_SIZE, 500) and deletes them once Kafka acknowledged them, so the smallest
 * position left in the outbox (an index look-up every 20 ms, next to nothing for Postgres) tells
 * how far it got. Timed from the first poll that saw it move, like the projector, so the app's boot
 * and the producer's connection are left out; the events published by then are left out too.
 */
export async function drainOutbox(
  databaseUrl: string,
  topic: string,
  client: KafkaClientName,
  backlog: OutboxBacklog,
): Promise<RelayDrainRun> {
  const dataSource = await createDataSource(databaseUrl, 1).initialize();
  try {
    const t = process.hrtime.bigint();
    const app = await startAppProcess(
      'ingestion',
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '20',
        PILOT_EVENTS_TOPIC: topic,
        PILOT_EVENTS_PARTITIONS: '12',
        KAFKA_CLIENT: client,
        RELAY_KAFKA_CLIENT: client,
        RELAY_ENABLED: 'true',
        LOG_LEVEL: 'warn',
      },
      { waitReady: false },
    );
    let first: { at: bigint; next: number | null } | undefined;
    let emptyAt: bigint;
    try {
      for (;;) {
        if (app.child.exitCode !== null) throw new Error(`ingestion exited early: ${app.output()}`);
        const [row] = await dataSource.query<{ next: string | null }[]>(
          'select min(position)::text as next from event_outbox',
        );
        const now = process.hrtime.bigint();
        const next = row?.next === null || row?.next === undefined ? null : Number(row.next);
        if (first === undefined && next !== backlog.first) first = { at: now, next };
        if (next === null) {
          emptyAt = now;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await app.stop('SIGTERM');
    }
    if (first?.next === null || first === undefined)
      throw new Error('the outbox emptied before a poll saw it shrink: raise BENCH_RELAY_EVENTS');
    // The events are still in the event store: count those published before the first poll saw any.
    const [before] = await dataSource.query<{ n: number }[]>(
      'select count(*)::int as n from events where position >= $1 and position < $2',
      [backlog.first, first.next],
    );
    const events = backlog.events - (before?.n ?? 0);
    const seconds = Number(emptyAt - first.at) / 1e9;
    const fromStart = Number(emptyAt - t) / 1e9;
    return {
      kafka_client: client,
      events,
      seconds,
      events_per_second: events / seconds,
      seconds_from_process_start: fromStart,
      events_per_second_from_process_start: backlog.events / fromStart,
    };
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The relay's Kafka work alone: the events of positions `from` to `to`, read from the event store
 * and made into the very messages the relay sends (key, value and headers as outbox-relay.ts makes
 * them) before the clock starts, then sent by the client's bare producer as the relay sends them:
 * idempotent, one request in flight, every in-sync replica acknowledging (acks -1), `batchSize`
 * messages a send, each send awaited before the next. No database, no JSON made while timed.
 */
const FLOOR_SCRIPT = `
const { createKafka } = require(process.env.PFT_KAFKA_FACTORY);
const { encodeEventMessageJson } = require(process.env.PFT_CONTRACTS);
const { Client } = require('pg');
const [topic, from, to, batchSize] = [process.argv[1], process.argv[2], process.argv[3], Number(process.argv[4])];
(async () => {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(
    \`select e.position::text as position, e.event_id::text as event_id, e.stream_id, e.stream_version, e.type,
            e.schema_version, e.payload->>'pilot_account_id' as pilot_account_id,
            e.payload::text as payload_json, e.metadata::text as metadata_json,
            to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at
       from events e where e.position between $1 and $2 order by e.position\`,
    [from, to],
  );
  await db.end();
  const messages = rows.map((row) => ({
    key: row.pilot_account_id,
    value: encodeEventMessageJson(
      {
        event_id: row.event_id, type: row.type, version: row.schema_version, stream_id: row.stream_id,
        stream_version: row.stream_version, position: row.position, pilot_account_id: row.pilot_account_id,
        occurred_at: row.occurred_at,
      },
      row.payload_json,
      row.metadata_json,
    ),
    headers: { event_id: row.event_id, type: row.type },
  }));
  const valueBytes = messages.reduce((sum, m) => sum + m.value.length, 0) / Math.max(1, messages.length);
  const kafka = createKafka(process.env.KAFKA_BROKERS, 'pft-bench-producer-floor', undefined, undefined, process.env.PFT_KAFKA_CLIENT);
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await producer.connect();
  const started = process.hrtime.bigint();
  for (let i = 0; i < messages.length; i += batchSize) {
    await producer.send({ topic, acks: -1, messages: messages.slice(i, i + batchSize) });
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await producer.disconnect();
  console.log(JSON.stringify({ seconds, events: messages.length, value_bytes: valueBytes }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

export async function producerFloor(
  databaseUrl: string,
  brokers: string,
  topic: string,
  client: KafkaClientName,
  backlog: OutboxBacklog,
  batchSize: number,
): Promise<ProducerFloorRun> {
  const { seconds, events, value_bytes } = await runScript<{
    seconds: number;
    events: number;
    value_bytes: number;
  }>(
    `producer floor (${client})`,
    FLOOR_SCRIPT,
    [topic, String(backlog.first), String(backlog.last), String(batchSize)],
    {
      ...kafkaScriptEnv(brokers, client),
      PFT_CONTRACTS: join(TEST_BUILD_DIR, 'libs', 'contracts', 'src'),
      DATABASE_URL: databaseUrl,
    },
  );
  return { kafka_client: client, events, seconds, events_per_second: events / seconds, value_bytes };
}
