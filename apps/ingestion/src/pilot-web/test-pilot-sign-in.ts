import { randomUUID } from 'node:crypto';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';

import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { type IngestionConfig } from '../ingestion.config';

export const TEST_PILOT_PATH = '/dev/test-pilot';
const TEST_PILOT_TOKEN_SECONDS = 3600;

/**
 * `GET /dev/test-pilot` (204) tells the sign-in screen to offer the button;
 * `POST /dev/test-pilot`: a token for a new pilot account, signed with the local secret, for the pilot
 * web app's **Sign in as a test pilot** outside production. Never registered when NODE_ENV is
 * production, so there it answers 404 like any unknown path.
 */
export function serveTestPilotSignIn(app: NestFastifyApplication, config: IngestionConfig): void {
  if (config.NODE_ENV === 'production') return;
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get(TEST_PILOT_PATH, (_request, reply) => reply.code(204).send());
  fastify.post(TEST_PILOT_PATH, (_request, reply) => {
    const pilotAccountId = randomUUID();
    const now = Date.now();
    const token = mintPilotToken(config.JWT_SECRET, pilotAccountId, TEST_PILOT_TOKEN_SECONDS, now, {
      ...(config.JWT_ISSUER === undefined ? {} : { issuer: config.JWT_ISSUER }),
      ...(config.JWT_AUDIENCE === undefined ? {} : { audience: config.JWT_AUDIENCE }),
    });
    const expiresAt = new Date(now + TEST_PILOT_TOKEN_SECONDS * 1000).toISOString();
    return reply.code(201).send({ pilot_account_id: pilotAccountId, token, expires_at: expiresAt });
  });
}
