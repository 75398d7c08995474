import { runMain, serveHttpApp } from '@pft/platform';
import { createPartnerApi } from './partner-api.app';
import { PartnerApiConfig } from './partner-api.config';

runMain('partner-api', PartnerApiConfig, async (config) =>
  serveHttpApp(await createPartnerApi(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
  }),
);
