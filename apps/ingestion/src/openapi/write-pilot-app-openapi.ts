import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '@pft/platform';
import { serializeOpenApi } from '@pft/platform/http/openapi-docs';
import { createIngestionApp } from '../ingestion-app';
import { IngestionConfig } from '../ingestion.config';
import { buildPilotAppOpenApi } from './pilot-app.openapi';

/**
 * Writes the pilot app API's OpenAPI description to `docs/pilot-app-openapi.json` (or the path given):
 * `node dist/apps/ingestion/src/openapi/write-pilot-app-openapi.js [path]`. Nothing is listened on;
 * the app is only built to read its routes (it connects to its database and broker as it starts).
 */
async function writeOpenApi(target: string): Promise<void> {
  const app = await createIngestionApp(
    loadConfig(IngestionConfig, { ...process.env, RELAY_ENABLED: 'false' }),
    {
      serveDocs: false,
    },
  );
  try {
    writeFileSync(target, serializeOpenApi(buildPilotAppOpenApi(app)));
    process.stdout.write(`wrote ${target}\n`);
  } finally {
    await app.close();
  }
}

writeOpenApi(resolve(process.argv[2] ?? 'docs/pilot-app-openapi.json')).catch((err: unknown) => {
  process.stderr.write(`write-pilot-app-openapi: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
