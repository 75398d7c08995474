import { join } from 'node:path';
import { runMain } from '@pft/platform/main-runner';
import { IngestionConfig } from './ingestion.config';

/* eslint-disable @typescript-eslint/no-require-imports */
// The app and its HTTP server are loaded once the configuration is read and valid: a refused variable
// stops the process before the modules of the app (Nest, Fastify, TypeORM, Kafka, Redis) are loaded.
runMain('ingestion', IngestionConfig, async (config) => {
  const { createIngestionApp } = require('./ingestion-app') as typeof import('./ingestion-app');
  const { serveHttpApp } =
    require('@pft/platform/http/start-http-app') as typeof import('@pft/platform/http/start-http-app');
  // The build puts the pilot web app beside this app: dist/apps/pilot-web.
  return serveHttpApp(
    await createIngestionApp(config, { pilotWebDir: join(__dirname, '..', '..', 'pilot-web') }),
    { name: 'ingestion', port: config.INGESTION_PORT, config },
  );
});
