import { runMain } from '@pft/platform/main-runner';
import { ProjectorConfig } from './projector.config';

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The projector serves only health over HTTP (its metrics on their own port); it takes no bodies. Its
 * module and the HTTP server are loaded once the configuration is read and valid: a refused variable
 * stops the process before the modules of the app (Nest, Fastify, TypeORM, Kafka, Redis) are loaded.
 */
runMain('projector', ProjectorConfig, async (config) => {
  const { ProjectorModule } = require('./projector.module') as typeof import('./projector.module');
  const { startHttpApp } =
    require('@pft/platform/http/start-http-app') as typeof import('@pft/platform/http/start-http-app');
  return startHttpApp(ProjectorModule.withConfig(config), {
    name: 'projector',
    port: config.PROJECTOR_PORT,
    config,
    bodyLimit: 1024,
  });
});
