import { join } from 'node:path';
import { runMain, serveHttpApp } from '@pft/platform';
import { createIngestionApp } from './ingestion-app';
import { IngestionConfig } from './ingestion.config';

runMain('ingestion', IngestionConfig, async (config) =>
  // The build puts the pilot web app beside this app: dist/apps/pilot-web.
  serveHttpApp(await createIngestionApp(config, { pilotWebDir: join(__dirname, '..', '..', 'pilot-web') }), {
    name: 'ingestion',
    port: config.INGESTION_PORT,
    config,
  }),
);
