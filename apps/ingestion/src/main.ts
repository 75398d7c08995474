import { runMain, serveHttpApp } from '@pft/infrastructure';
import { createIngestionApp } from './ingestion-app';

runMain('ingestion', async (config) =>
  serveHttpApp(await createIngestionApp(config), {
    name: 'ingestion',
    port: config.INGESTION_PORT,
    config,
  }),
);
