import { runMain } from '@pft/platform/main-runner';
import { RelayConfig } from './relay.config';

/**
 * The outbox relay on its own, without the HTTP API: `node dist/apps/ingestion/src/relay/relay-main.js`.
 * The ingestion app runs the same relay on boot; the lease (RELAY_LEASE_MS) lets only one of them publish.
 * Its metrics (the relay's and the process's) are on a port of their own, METRICS_PORT (default 9468).
 * The relay's modules are loaded once the configuration is read and valid: a refused variable stops the
 * process before Kafka, the database and the metrics are loaded.
 */
runMain('relay', RelayConfig, async (config) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./relay-process') as typeof import('./relay-process')).startRelay(config),
);
