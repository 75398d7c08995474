import { runMain, startHttpApp } from '@pft/platform';
import { WebhooksConfig } from './webhooks.config';
import { WebhooksModule } from './webhooks.module';

/** The webhook dispatcher serves only health over HTTP (its metrics on their own port); it takes no bodies. */
runMain('webhooks', WebhooksConfig, (config) =>
  startHttpApp(WebhooksModule.withConfig(config), {
    name: 'webhooks',
    port: config.WEBHOOKS_PORT,
    config,
    bodyLimit: 1024,
  }),
);
