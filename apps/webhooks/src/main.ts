import { runMain } from '@pft/platform/main-runner';
import { WebhooksConfig } from './webhooks.config';

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The webhook dispatcher serves only health over HTTP (its metrics on their own port); it takes no
 * bodies. Its module and the HTTP server are loaded once the configuration is read and valid: a
 * refused variable stops the process before the modules of the app (Nest, Fastify, TypeORM, Kafka)
 * are loaded.
 */
runMain('webhooks', WebhooksConfig, async (config) => {
  const { WebhooksModule } = require('./webhooks.module') as typeof import('./webhooks.module');
  const { startHttpApp } =
    require('@pft/platform/http/start-http-app') as typeof import('@pft/platform/http/start-http-app');
  return startHttpApp(WebhooksModule.withConfig(config), {
    name: 'webhooks',
    port: config.WEBHOOKS_PORT,
    config,
    bodyLimit: 1024,
  });
});
