import { runMain, serveHttpApp } from '@pft/platform';
import { createPartnerApi } from './partner-api.app';

runMain('partner-api', async (config) =>
  serveHttpApp(await createPartnerApi(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
  }),
);
