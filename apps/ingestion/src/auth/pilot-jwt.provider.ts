import { type Provider } from '@nestjs/common';
import { AppConfig } from '@pft/infrastructure';
import { PilotJwtVerifier, pilotJwtVerifierFor } from '@pft/infrastructure/auth/pilot-jwt';

export const pilotJwtVerifierProvider: Provider = {
  provide: PilotJwtVerifier,
  inject: [AppConfig],
  useFactory: (config: AppConfig) => pilotJwtVerifierFor(config),
};
