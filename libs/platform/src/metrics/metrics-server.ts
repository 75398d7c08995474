import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { collectDefaultMetrics, register } from 'prom-client';

let defaultsCollected = false;

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Prometheus text at `GET /metrics` on a port of its own, apart from the public API: the process's
 * metrics (CPU, memory, event loop) and whatever the app registers with prom-client. Anything else
 * is answered 404. A plain Node server: it has no envelope, authentication or request ids to give.
 */
export async function startMetricsServer(host: string, port: number): Promise<MetricsServer> {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register });
    defaultsCollected = true;
  }
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Not found: GET /metrics\n');
      return;
    }
    register.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end(`metrics could not be collected: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  await listen(server, host, port);
  // The port bound: the one asked for, or the one the system picked for 0.
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () => close(server),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops at once: a scraper's kept-alive connection would otherwise hold the shutdown up. */
function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
