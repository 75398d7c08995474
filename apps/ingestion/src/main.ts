import { runMain, serveHttpApp } from '@pft/platform';
import { createIngestionApp } from './ingestion-app';

runMain('ingestion', async (config) =>
  serveHttpApp(await createIngestionApp(config), {
    name: 'ingestion',
    port: config.INGESTION_PORT,
    config,
  }),
);
