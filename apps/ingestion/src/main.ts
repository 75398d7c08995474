import { Logger } from '@nestjs/common';
import { runMain } from '@pft/infrastructure';
import { createIngestionApp } from './ingestion-app';

runMain('ingestion', async (config) => {
  const app = await createIngestionApp(config);
  await app.listen(config.INGESTION_PORT, config.HOST);
  new Logger('ingestion').log(`ingestion listening on http://${config.HOST}:${config.INGESTION_PORT}`);
  return app;
});
