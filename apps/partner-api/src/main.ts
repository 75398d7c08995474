import { runMain, startHttpApp } from '@pft/infrastructure';
import { PartnerApiModule } from './partner-api.module';

/** The partner API v1; only `POST /v1/link` carries a body, at most 1 KB. */
export const PARTNER_API_BODY_LIMIT = 1024;

runMain('partner-api', (config) =>
  startHttpApp(PartnerApiModule, {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
    bodyLimit: PARTNER_API_BODY_LIMIT,
  }),
);
