import { type ChildProcess } from 'node:child_process';
import { startBareServer } from './bare-server';

/**
 * The yardstick: a bare Fastify server answering a constant JSON body, nothing else, in a process of
 * its own like the API. Plain JavaScript handed to `node -e`, so it needs no build.
 */
const SOURCE = `
const app = require('fastify')({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export async function startHelloWorld(port: number): Promise<{ url: string; child: ChildProcess }> {
  const { origin, child } = await startBareServer(
    'hello-world',
    SOURCE,
    port,
    {},
    async (at) => (await fetch(`${at}/`)).ok,
  );
  return { url: `${origin}/`, child };
}
