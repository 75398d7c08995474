import { runMain, serveHttpApp } from '@pft/infrastructure';
import { createPartnerApi } from './partner-api.app';

runMain('partner-api', async (config) =>
  serveHttpApp(await createPartnerApi(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
  }),
);
