import { type KafkaClientName } from '@pft/platform';
import { kafkaScriptEnv, runTimedScript } from '../support/timed-script';

/**
 * The write floor of a fold on this machine: the apps' Kafka client reading the whole topic, as the projector does
 * (8 partitions at once, a pool of 10 connections), parsing each message and storing it as one narrow
 * row (event id, pilot, minutes), one INSERT and commit per batch, nothing else: no schema check, no
 * fold, no per-pilot rows, no offsets (in Postgres or Kafka). A projector that keeps one row of state per flight writes at
 * least this much, so its rate cannot exceed this one here. A plain Node process of its own, like the
 * projector. Prints the seconds from the first batch to the last message stored.
 */
const FLOOR_SCRIPT = `
const { createKafka } = require(process.env.PFT_KAFKA_FACTORY);
const { Pool } = require('pg');
const [topic, total] = [process.argv[1], Number(process.argv[2])];
const kafka = createKafka(process.env.KAFKA_BROKERS, 'pft-bench-write-floor', undefined, undefined, process.env.PFT_KAFKA_CLIENT);
const consumer = kafka.consumer({ groupId: 'bench-write-floor-' + Date.now(), maxBytesPerPartition: 8 * 1024 * 1024, maxBytes: 64 * 1024 * 1024 });
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
let stored = 0;
let started = 0n;
(async () => {
  await pool.query('create table write_floor (event_id uuid primary key, pilot_account_id uuid not null, minutes integer)');
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await new Promise((resolve, reject) => {
    void consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: 8,
      eachBatch: async ({ batch }) => {
        if (started === 0n) started = process.hrtime.bigint();
        const ids = [], pilots = [], minutes = [];
        for (const message of batch.messages) {
          const event = JSON.parse(message.value.toString('utf8'));
          ids.push(event.event_id);
          pilots.push(event.pilot_account_id);
          minutes.push(event.payload?.flight?.minutes?.total_flight_time ?? null);
        }
        await pool
          .query('insert into write_floor select * from unnest($1::uuid[], $2::uuid[], $3::integer[]) on conflict do nothing', [ids, pilots, minutes])
          .catch(reject);
        stored += batch.messages.length;
        if (stored >= total) resolve();
      },
    });
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await consumer.disconnect();
  await pool.end();
  console.log(JSON.stringify({ seconds }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

export function consumeAndStore(
  brokers: string,
  topic: string,
  total: number,
  databaseUrl: string,
  client: KafkaClientName,
): Promise<number> {
  return runTimedScript(`write floor (${client})`, FLOOR_SCRIPT, [topic, String(total)], {
    ...kafkaScriptEnv(brokers, client),
    DATABASE_URL: databaseUrl,
  });
}
