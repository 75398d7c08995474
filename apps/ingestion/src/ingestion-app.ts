import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '@pft/platform';
import { PILOT_API_PREFIX, PilotAuthGuard } from './auth/pilot-auth.guard';
import { applyBodyLimits, IMPORT_BODY_LIMIT } from './http/body-limits';
import { INGESTION_ERRORS } from './ingestion.errors';
import { IngestionModule } from './ingestion.module';
import { servePilotAppOpenApi } from './openapi/pilot-app.openapi';
import { servePilotWeb } from './pilot-web/serve-pilot-web';
import { serveTestPilotSignIn } from './pilot-web/test-pilot-sign-in';
import { type IngestionConfig } from './ingestion.config';

/**
 * The ingestion app, built but not listening: what main.ts starts and what the end-to-end tests boot.
 * `pilotWebDir`: where the pilot web app was built to, served at /app/ (not served without it).
 */
export async function createIngestionApp(
  config: IngestionConfig,
  options: { serveDocs?: boolean; pilotWebDir?: string } = {},
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(IngestionModule.withConfig(config), {
    name: 'ingestion',
    port: config.INGESTION_PORT,
    config,
    // The largest body any route takes; each route holds its own limit (http/body-limits.ts).
    bodyLimit: IMPORT_BODY_LIMIT,
    unroutedRequests: PilotAuthGuard,
    errors: INGESTION_ERRORS,
    // The pilot app's reads are GET alone, as the contract lists them: a HEAD is 405 with Allow once
    // the token is checked, never a read run (an import read again, an export gathered) for no body.
    getOnlyUnder: PILOT_API_PREFIX,
  });
  applyBodyLimits(app.getHttpAdapter().getInstance());
  if (options.serveDocs !== false) servePilotAppOpenApi(app);
  serveTestPilotSignIn(app, config);
  if (options.pilotWebDir !== undefined) await servePilotWeb(app, options.pilotWebDir);
  return app;
}
