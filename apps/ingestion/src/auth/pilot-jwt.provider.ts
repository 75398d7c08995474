import { type Provider } from '@nestjs/common';
import { AppConfig } from '@pft/platform';
import { PilotJwtVerifier, pilotJwtVerifierFor } from '@pft/logbook/pilot-auth/pilot-jwt';

export const pilotJwtVerifierProvider: Provider = {
  provide: PilotJwtVerifier,
  inject: [AppConfig],
  useFactory: (config: AppConfig) => pilotJwtVerifierFor(config),
};
