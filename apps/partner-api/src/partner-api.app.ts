import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '@pft/platform';
import { PartnerUnroutedRequests } from './auth/partner-unrouted-requests';
import { serveOpenApi } from './openapi/openapi.document';
import { PARTNER_API_ERRORS } from './partner-api.errors';
import { PartnerApiModule } from './partner-api.module';
import { type PartnerApiConfig } from './partner-api.config';

/** The partner API v1; only `POST /v1/link` carries a body, at most 1 KB. */
export const PARTNER_API_BODY_LIMIT = 1024;

/** The partner API, built but not listening: `main.ts` listens, tests call `init`. */
export async function createPartnerApi(
  config: PartnerApiConfig,
  options: { serveDocs?: boolean } = {},
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(PartnerApiModule.withConfig(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
    bodyLimit: PARTNER_API_BODY_LIMIT,
    unroutedRequests: PartnerUnroutedRequests,
    errors: PARTNER_API_ERRORS,
  });
  if (options.serveDocs !== false) serveOpenApi(app);
  return app;
}
