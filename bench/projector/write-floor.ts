import { ENTERED_TOTALS_FIELDS, FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { type KafkaClientName } from '@pft/platform';
import { createProjectionTablesSql } from '@pft/totals/projection/projection-tables';
import { createTestDatabase, TEST_KAFKA_BROKERS } from '@pft/testing';
import { kafkaScriptEnv, runTimedScript } from '../support/timed-script';

/**
 * A floor's script: the apps' Kafka client (its factory, on the adapter PFT_KAFKA_CLIENT names) reading
 * the whole topic as the projector does (8 partitions at once, up to 8 MB a partition per fetch, no
 * offsets committed), and a pool of 10 connections. `prelude` defines `setUp()`, run before
 * consuming, and `storeBatch(batch)`, awaited for each batch; the script stops once `total` messages
 * are stored and prints the seconds from the first batch to the last message stored. Plain
 * JavaScript in a Node process of its own, like the projector.
 */
const consumingFloorScript = (name: string, prelude: string): string => `
const { createKafka } = require(process.env.PFT_KAFKA_FACTORY);
const { Pool } = require('pg');
const [topic, total] = [process.argv[1], Number(process.argv[2])];
const kafka = createKafka(process.env.KAFKA_BROKERS, 'pft-bench-${name}', undefined, undefined, process.env.PFT_KAFKA_CLIENT);
const consumer = kafka.consumer({ groupId: 'bench-${name}-' + Date.now(), maxBytesPerPartition: 8 * 1024 * 1024, maxBytes: 64 * 1024 * 1024 });
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
${prelude}
let stored = 0;
let started = 0n;
(async () => {
  await setUp();
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await new Promise((resolve, reject) => {
    void consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: 8,
      eachBatch: async ({ batch }) => {
        if (started === 0n) started = process.hrtime.bigint();
        await storeBatch(batch).catch(reject);
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

/**
 * The write floor of a fold on this machine: the apps' Kafka client reading the whole topic, as the
 * projector does (consumingFloorScript), parsing each message and storing it as one narrow
 * row (event id, pilot, minutes), one INSERT and commit per batch, nothing else: no schema check, no
 * fold, no per-pilot rows, no offsets (in Postgres or Kafka). A projector that keeps one row of state per flight writes at
 * least this much, so its rate cannot exceed this one here.
 */
const FLOOR_SCRIPT = consumingFloorScript(
  'write-floor',
  `
const setUp = () => pool.query('create table write_floor (event_id uuid primary key, pilot_account_id uuid not null, minutes integer)');
async function storeBatch(batch) {
  const ids = [], pilots = [], minutes = [];
  for (const message of batch.messages) {
    const event = JSON.parse(message.value.toString('utf8'));
    ids.push(event.event_id);
    pilots.push(event.pilot_account_id);
    minutes.push(event.payload?.flight?.minutes?.total_flight_time ?? null);
  }
  await pool.query('insert into write_floor select * from unnest($1::uuid[], $2::uuid[], $3::integer[]) on conflict do nothing', [ids, pilots, minutes]);
}
`,
);

/**
 * The write floor as the performance issue defines it, "the projection rows written in batch": the
 * apps' Kafka client reading the whole topic as the projector does, each message parsed, and for each
 * batch the projector's own two kinds of row written in one transaction (synchronous_commit off, as
 * the projector commits): a row per flight with its minutes, upserted, and a row per pilot with the
 * running sums, upserted by adding the batch's sums to the stored ones, into tables made by the
 * projector's own DDL. Nothing else: no schema check, no payload opened, no fold, no state read back,
 * no offsets, no dead letters. Events without a flight write no row.
 */
const PROJECTION_ROWS_SCRIPT = consumingFloorScript(
  'rows-floor',
  `
const [MINUTES, TOTALS] = [JSON.parse(process.env.MINUTE_FIELDS), JSON.parse(process.env.TOTALS_FIELDS)];
const list = (values) => '{' + values.join(',') + '}';
const FLIGHTS = 'insert into floor_flights (pilot_account_id, flight_id, flight_date, kind, category, rating_key, minutes, landings_day, landings_night) ' +
  'select p, f, d::date, k, c, r, m::integer[], ld, ln from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::integer[], $9::integer[]) as u (p, f, d, k, c, r, m, ld, ln) ' +
  'on conflict (pilot_account_id, flight_id) do update set flight_date = excluded.flight_date, kind = excluded.kind, category = excluded.category, ' +
  'rating_key = excluded.rating_key, minutes = excluded.minutes, landings_day = excluded.landings_day, landings_night = excluded.landings_night';
const n = TOTALS.length;
const TOTALS_SQL = 'insert into floor_totals (pilot_account_id, stream_version, kafka_partition, ' + TOTALS.join(', ') + ', total_day, total_night, flight_count, last_flight_date, rating_breakdown, updated_at) ' +
  'select u.*, now() from unnest($1::uuid[], $2::integer[], $3::integer[], ' + TOTALS.map((_, i) => '$' + (i + 4) + '::bigint[]').join(', ') +
  ', $' + (n + 4) + '::bigint[], $' + (n + 5) + '::bigint[], $' + (n + 6) + '::bigint[], $' + (n + 7) + '::date[], $' + (n + 8) + '::jsonb[]) as u ' +
  'on conflict (pilot_account_id) do update set stream_version = excluded.stream_version, ' +
  TOTALS.map((f) => f + ' = floor_totals.' + f + ' + excluded.' + f).join(', ') +
  ', total_day = floor_totals.total_day + excluded.total_day, total_night = floor_totals.total_night + excluded.total_night, ' +
  'flight_count = floor_totals.flight_count + excluded.flight_count, last_flight_date = greatest(floor_totals.last_flight_date, excluded.last_flight_date), ' +
  'rating_breakdown = excluded.rating_breakdown, updated_at = excluded.updated_at';
async function setUp() {
  for (const ddl of JSON.parse(process.env.PROJECTION_DDL)) await pool.query(ddl);
}
async function storeBatch(batch) {
  // The latest of each flight the batch names (recorded, then amended): one row each, as the projector writes.
  const flights = new Map();
  const pilots = new Map();
  for (const message of batch.messages) {
    const event = JSON.parse(message.value.toString('utf8'));
    const flight = event.payload && event.payload.flight;
    if (!flight) continue;
    const minutes = flight.minutes || {};
    const aircraft = flight.aircraft || {};
    const landings = flight.landings || {};
    flights.set(flight.flight_id, [event.pilot_account_id, flight.flight_id, flight.date, flight.kind || 'flight',
      aircraft.category || 'airplane', aircraft.rating_key || null, list(MINUTES.map((m) => minutes[m] || 0)),
      landings.day || 0, landings.night || 0]);
    let p = pilots.get(event.pilot_account_id);
    if (!p) pilots.set(event.pilot_account_id, (p = { version: 0, sums: TOTALS.map(() => 0), day: 0, night: 0, count: 0, last: null, ratings: {} }));
    p.version = event.stream_version;
    TOTALS.forEach((t, i) => (p.sums[i] += minutes[t] || 0));
    p.day += landings.day || 0; p.night += landings.night || 0; p.count += 1;
    if (p.last === null || flight.date > p.last) p.last = flight.date;
    if (aircraft.rating_key) p.ratings[aircraft.rating_key] = (p.ratings[aircraft.rating_key] || 0) + (minutes.total_flight_time || 0);
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    if (flights.size > 0) {
      const rows = [...flights.values()];
      const f = rows[0].map((_, column) => rows.map((row) => row[column]));
      await client.query(FLIGHTS, [list(f[0]), list(f[1]), list(f[2]), list(f[3]), list(f[4]), f[5], f[6], list(f[7]), list(f[8])]);
      const ps = [...pilots];
      await client.query(TOTALS_SQL, [
        list(ps.map(([id]) => id)), list(ps.map(([, p]) => p.version)), ps.map(() => batch.partition),
        ...TOTALS.map((_, i) => list(ps.map(([, p]) => p.sums[i]))),
        list(ps.map(([, p]) => p.day)), list(ps.map(([, p]) => p.night)), list(ps.map(([, p]) => p.count)),
        list(ps.map(([, p]) => p.last)), ps.map(([, p]) => JSON.stringify(p.ratings)),
      ]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
`,
);

/** A floor: its script, and what the script reads from its environment besides the client and the database. */
interface Floor {
  name: string;
  script: string;
  env: Record<string, string>;
}

const NARROW_ROW_FLOOR: Floor = { name: 'write floor', script: FLOOR_SCRIPT, env: {} };

const PROJECTION_ROWS_FLOOR: Floor = {
  name: 'projection rows floor',
  script: PROJECTION_ROWS_SCRIPT,
  env: {
    PROJECTION_DDL: JSON.stringify(
      createProjectionTablesSql(1).map((sql) =>
        sql.replace(/pilot_totals_v1\b/, 'floor_totals').replace(/pilot_flights_v1\b/, 'floor_flights'),
      ),
    ),
    MINUTE_FIELDS: JSON.stringify(FLIGHT_MINUTE_FIELDS),
    TOTALS_FIELDS: JSON.stringify(ENTERED_TOTALS_FIELDS),
  },
};

/** The seconds `floor` takes, read by `client`, to store the `events` of `topic` on a database of its own, dropped after it. */
async function measureFloor(
  floor: Floor,
  topic: string,
  events: number,
  client: KafkaClientName,
): Promise<number> {
  const db = await createTestDatabase();
  const seconds = await runTimedScript(`${floor.name} (${client})`, floor.script, [topic, String(events)], {
    ...kafkaScriptEnv(TEST_KAFKA_BROKERS, client),
    DATABASE_URL: db.url,
    ...floor.env,
  }).finally(() => db.drop());
  console.log(`${floor.name} (${client}): ${(events / seconds).toFixed(0)} events/s`);
  return seconds;
}

/** The seconds the projection rows floor takes, read by `client`, to store the `events` of `topic`. */
export const measureProjectionRowsFloor = (
  topic: string,
  events: number,
  client: KafkaClientName,
): Promise<number> => measureFloor(PROJECTION_ROWS_FLOOR, topic, events, client);

/**
 * The floors of a fold, one after the other: the seconds the narrow-row floor took to store the
 * `events` of `topic` on `clients[0]`, and the seconds the projection rows floor took on each of
 * `clients`. Once per run: they measure what Postgres takes, and the projection rows floor what each
 * client adds to it.
 */
export async function measureWriteFloors(
  topic: string,
  events: number,
  clients: readonly KafkaClientName[],
): Promise<{ narrowSeconds: number; rowsSeconds: Partial<Record<KafkaClientName, number>> }> {
  const narrowSeconds = await measureFloor(NARROW_ROW_FLOOR, topic, events, clients[0]!);
  const rowsSeconds: Partial<Record<KafkaClientName, number>> = {};
  for (const client of clients)
    rowsSeconds[client] = await measureFloor(PROJECTION_ROWS_FLOOR, topic, events, client);
  return { narrowSeconds, rowsSeconds };
}
