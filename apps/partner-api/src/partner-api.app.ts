import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { applyRouteBodyLimits, createHttpApp } from '@pft/platform';
import { PARTNER_API_BODY_LIMIT, REQUIREMENT_CHECK_BODY_LIMIT } from './body-limits';
import { PartnerUnroutedRequests } from './auth/partner-unrouted-requests';
import { IdempotentRefusals } from './idempotency/idempotent-refusals';
import { serveOpenApi } from './openapi/openapi.document';
import { PARTNER_API_ERRORS } from './partner-api.errors';
import { PartnerApiModule } from './partner-api.module';
import { type PartnerApiConfig } from './partner-api.config';

/** The partner API, built but not listening: `main.ts` listens, tests call `init`. */
export async function createPartnerApi(
  config: PartnerApiConfig,
  options: { serveDocs?: boolean } = {},
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(PartnerApiModule.withConfig(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
    // The largest body any route takes; each route is held to its own (applyRouteBodyLimits).
    bodyLimit: REQUIREMENT_CHECK_BODY_LIMIT,
    unroutedRequests: PartnerUnroutedRequests,
    errors: PARTNER_API_ERRORS,
  });
  const fastify = app.getHttpAdapter().getInstance();
  applyRouteBodyLimits(fastify, PARTNER_API_BODY_LIMIT);
  // The answer of a POST no route takes, under the Idempotency-Key it claimed, kept before it is sent.
  const refusals = app.get(IdempotentRefusals, { strict: false });
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    const keeping = refusals.keepUnroutedAnswer(request, reply, payload);
    if (!keeping) return done(null, payload);
    keeping.then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  });
  if (options.serveDocs !== false) serveOpenApi(app);
  return app;
}
