import { type ChildProcess } from 'node:child_process';
import { startBareServer, TURN_GROUPS_SOURCE } from './bare-server';

/**
 * The least a durable write over HTTP costs on this machine: a bare Fastify server (no Nest, no
 * authentication, no validation) that stores what is POSTed as rows of one table through a `pg` pool
 * like the app's, each commit flushed to the WAL before the answer (the default `synchronous_commit`):
 *
 * - `POST /`: the body as one row, by one INSERT committed on its own; or, started with `grouped`, the
 *   bodies of all POSTs read in one event-loop turn by one INSERT and commit (a shared commit, the
 *   most a single-flight POST could share with others);
 * - `POST /import`: each element of the body's `flights` as a row, by one INSERT.
 *
 * A POST of the pilot app API does at least this much. Plain JavaScript handed to `node -e`, so it
 * needs no build.
 */
const SOURCE = `
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
const app = require('fastify')({ logger: false, bodyLimit: 16 * 1024 * 1024 });
${TURN_GROUPS_SOURCE}
const storeInTurns = inTurns((bodies) =>
  pool.query('insert into durable_write_floor (body) select unnest($1::jsonb[])', [bodies]),
);
const storeGrouped = (body) => storeInTurns(JSON.stringify(body));
app.post('/', async (request, reply) => {
  if (process.env.GROUPED === '1') await storeGrouped(request.body);
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
pool
  .query('create table if not exists durable_write_floor (id bigserial primary key, body jsonb not null)')
  .then(() => app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }));
`;

export async function startDurableWriteFloor(
  port: number,
  databaseUrl: string,
  poolSize: number,
  grouped = false,
): Promise<{ url: string; child: ChildProcess }> {
  const env = { DATABASE_URL: databaseUrl, POOL_SIZE: String(poolSize), GROUPED: grouped ? '1' : '0' };
  const { origin, child } = await startBareServer(
    'durable-write floor',
    SOURCE,
    port,
    env,
    async (at) =>
      (await fetch(`${at}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
        .status === 201,
  );
  return { url: `${origin}/`, child };
}
