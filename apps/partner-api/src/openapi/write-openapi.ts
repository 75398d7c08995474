import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '@pft/platform';
import { serializeOpenApi } from '@pft/platform/http/openapi-docs';
import { createPartnerApi } from '../partner-api.app';
import { PartnerApiConfig } from '../partner-api.config';
import { buildOpenApiDocument } from './openapi.document';

/**
 * Writes the partner API's OpenAPI description to `docs/openapi.json` (or the path given):
 * `node dist/apps/partner-api/src/openapi/write-openapi.js [path]`. Nothing is listened on and no
 * request is made; the app is only built to read its routes.
 */
async function writeOpenApi(target: string): Promise<void> {
  const app = await createPartnerApi(loadConfig(PartnerApiConfig), { serveDocs: false });
  try {
    writeFileSync(target, serializeOpenApi(buildOpenApiDocument(app)));
    process.stdout.write(`wrote ${target}\n`);
  } finally {
    await app.close();
  }
}

writeOpenApi(resolve(process.argv[2] ?? 'docs/openapi.json')).catch((err: unknown) => {
  process.stderr.write(`write-openapi: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
