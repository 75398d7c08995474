import { Logger } from '@nestjs/common';
import { runMain } from '@pft/infrastructure';
import { createPartnerApi } from './partner-api.app';

runMain('partner-api', async (config) => {
  const app = await createPartnerApi(config);
  await app.listen(config.PARTNER_API_PORT, config.HOST);
  new Logger('partner-api').log(`partner-api listening on http://${config.HOST}:${config.PARTNER_API_PORT}`);
  return app;
});
