import { runMain } from '@pft/platform/main-runner';
import { PartnerApiConfig } from './partner-api.config';

/* eslint-disable @typescript-eslint/no-require-imports */
// The app and its HTTP server are loaded once the configuration is read and valid: a refused variable
// stops the process before the modules of the app (Nest, Fastify, TypeORM, Redis) are loaded.
runMain('partner-api', PartnerApiConfig, async (config) => {
  const { createPartnerApi } = require('./partner-api.app') as typeof import('./partner-api.app');
  const { serveHttpApp } =
    require('@pft/platform/http/start-http-app') as typeof import('@pft/platform/http/start-http-app');
  return serveHttpApp(await createPartnerApi(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
  });
});
