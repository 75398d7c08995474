import { runMain, startHttpApp } from '@pft/infrastructure';
import { IngestionModule } from './ingestion.module';

/** The largest body, a logbook import of 1,000 flights; other routes hold theirs to 16 KB. */
export const INGESTION_BODY_LIMIT = 1024 * 1024;

runMain('ingestion', (config) =>
  startHttpApp(IngestionModule, {
    name: 'ingestion',
    port: config.INGESTION_PORT,
    config,
    bodyLimit: INGESTION_BODY_LIMIT,
  }),
);
