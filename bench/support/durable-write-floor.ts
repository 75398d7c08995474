import { type BareServer, startBareServer, TURN_GROUPS_SOURCE } from './bare-server';

/**
 * The least a durable write over HTTP costs here: bare Fastify storing what is POSTed through a `pg`
 * pool, each commit flushed to the WAL. `POST /`: the body as one row (`grouped`: one INSERT and commit
 * per event-loop turn's POSTs); `/import`: each of the body's `flights` as a row, one INSERT;
 * `/import-rows`: the rows the app's import writes in its own tables (per flight an event, its outbox
 * row and the flight), one statement; `/import-sealed-rows`: the same with each payload sealed as the
 * app seals it (AES-256-GCM under a new pilot's data key, whose row it writes too); `/rows`: the rows
 * of one flight for a new pilot, one statement per event-loop turn's POSTs.
 */
const SOURCE = `
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
const app = require('fastify')({ logger: false, bodyLimit: 16 * 1024 * 1024 });
${TURN_GROUPS_SOURCE}
// An import's outbox rows and flights, after its events (\`ins\`) made from \`given\`'s flights (\`doc\`).
const IMPORT_OUTBOX_AND_FLIGHTS = \`
  outbox as (insert into event_outbox (position) select position from ins),
  flights as (
    insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
    select substr($1, 9)::uuid, (doc->>'flight_id')::uuid, doc, (doc->>'date')::date, now(), now() from given
  )
  select count(*)::int as stored from ins\`;
const IMPORT_ROWS = \`
  with given as (select doc, ord from jsonb_array_elements($2::jsonb) with ordinality as f (doc, ord)),
  ins as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
    select gen_random_uuid(), $1, ord, 'FlightRecorded', 1, jsonb_build_object('flight', doc), $3::jsonb
      from given
    returning position
  ),
  \${IMPORT_OUTBOX_AND_FLIGHTS}\`;
const TURN_ROWS = \`
  with given as (
    select doc, 'logbook-' || gen_random_uuid() as stream_id from jsonb_array_elements($1::jsonb) as f (doc)
  ), ins as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
    select gen_random_uuid(), stream_id, 1, 'FlightRecorded', 1, jsonb_build_object('flight', doc), '{}'::jsonb
      from given
    returning position
  ),
  outbox as (insert into event_outbox (position) select position from ins),
  flights as (
    insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
    select substr(stream_id, 9)::uuid, (doc->>'flight_id')::uuid, doc, (doc->>'date')::date, now(), now()
      from given
  )
  select count(*)::int as stored from ins\`;
const IMPORT_SEALED_ROWS = \`
  with given as (
    select doc, sealed, event_id, ord
      from rows from (jsonb_array_elements($2::jsonb), jsonb_array_elements($4::jsonb), unnest($5::uuid[]))
           with ordinality as f (doc, sealed, event_id, ord)
  ),
  data_key as (
    insert into data_keys (key_id, subject_id, wrapped_key, master_key_id)
    values ($6::uuid, substr($1, 9)::uuid, $7::bytea, 'floor')
  ),
  ins as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
    select event_id, $1, ord, 'FlightRecorded', 1, sealed, $3::jsonb from given
    returning position
  ),
  \${IMPORT_OUTBOX_AND_FLIGHTS}\`;
const crypto = require('node:crypto');
const MASTER_KEY = crypto.createSecretKey(crypto.randomBytes(32));
// Nonces drawn 1,024 at a time, as the app draws them.
let nonces = Buffer.alloc(0);
let nextNonce = 0;
function nonce() {
  if (nextNonce + 12 > nonces.length) {
    nonces = crypto.randomBytes(12 * 1024);
    nextNonce = 0;
  }
  nextNonce += 12;
  return nonces.subarray(nextNonce - 12, nextNonce);
}
function seal(key, plaintext, aad) {
  const iv = nonce();
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = cipher.update(plaintext);
  cipher.final();
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}
app.post('/import-sealed-rows', async (request, reply) => {
  const pilot = crypto.randomUUID();
  const keyId = crypto.randomUUID();
  const dataKey = crypto.randomBytes(32);
  const key = crypto.createSecretKey(dataKey);
  const flights = request.body.flights;
  const eventIds = flights.map(() => crypto.randomUUID());
  const sealed = flights.map((flight, i) => ({
    pilot_account_id: pilot,
    sealed: {
      alg: 'A256GCM',
      key_id: keyId,
      data: seal(
        key,
        Buffer.from(JSON.stringify({ pilot_account_id: pilot, flight }), 'utf8'),
        'pft-event:' + eventIds[i] + ':FlightRecorded:1:' + pilot,
      ).toString('base64'),
    },
  }));
  const { rows } = await pool.query(IMPORT_SEALED_ROWS, [
    'logbook-' + pilot,
    JSON.stringify(flights),
    JSON.stringify({ request_id: request.id }),
    JSON.stringify(sealed),
    eventIds,
    keyId,
    seal(MASTER_KEY, dataKey, 'pft-data-key:' + keyId + ':' + pilot),
  ]);
  return reply.code(201).send({ stored: rows[0].stored });
});
const storeRowsInTurns = inTurns((bodies) => pool.query(TURN_ROWS, ['[' + bodies.join(',') + ']']));
app.post('/rows', async (request, reply) => {
  await storeRowsInTurns(JSON.stringify(request.body));
  return reply.code(201).send({ stored: true });
});
const storeInTurns = inTurns((bodies) =>
  pool.query('insert into durable_write_floor (body) select unnest($1::jsonb[])', [bodies]),
);
app.post('/', async (request, reply) => {
  if (process.env.GROUPED === '1') await storeInTurns(JSON.stringify(request.body));
  else await pool.query('insert into durable_write_floor (body) values ($1)', [request.body]);
  return reply.code(201).send({ stored: true });
});
app.post('/import', async (request, reply) => {
  await pool.query(
    'insert into durable_write_floor (body) select jsonb_array_elements($1::jsonb)',
    [JSON.stringify(request.body.flights)],
  );
  return reply.code(201).send({ stored: request.body.flights.length });
});
app.post('/import-rows', async (request, reply) => {
  const { rows } = await pool.query(IMPORT_ROWS, [
    'logbook-' + crypto.randomUUID(),
    JSON.stringify(request.body.flights),
    JSON.stringify({ request_id: request.id }),
  ]);
  return reply.code(201).send({ stored: rows[0].stored });
});
pool
  .query('create table if not exists durable_write_floor (id bigserial primary key, body jsonb not null)')
  .then(() => app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }));
`;

export const startDurableWriteFloor = (
  port: number,
  databaseUrl: string,
  poolSize: number,
  grouped = false,
): Promise<BareServer> =>
  startBareServer(
    'durable-write floor',
    SOURCE,
    port,
    { DATABASE_URL: databaseUrl, POOL_SIZE: String(poolSize), GROUPED: grouped ? '1' : '0' },
    '/',
  );
