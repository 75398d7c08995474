import { type Provider } from '@nestjs/common';

import { PilotJwtVerifier, pilotJwtVerifierFor } from '@pft/logbook/pilot-auth/pilot-jwt';
import { IngestionConfig } from '../ingestion.config';

export const pilotJwtVerifierProvider: Provider = {
  provide: PilotJwtVerifier,
  inject: [IngestionConfig],
  useFactory: (config: IngestionConfig) => pilotJwtVerifierFor(config),
};
