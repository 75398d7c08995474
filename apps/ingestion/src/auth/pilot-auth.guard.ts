import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { ApiError, httpRequestOf, type UnroutedRequestCheck } from '@pft/platform';
import { FailedAuthentications } from '@pft/partners/rate-limits/failed-authentications';
import { PilotJwtVerifier, PilotTokenRejected } from '@pft/logbook/pilot-auth/pilot-jwt';
import { IngestionConfig } from '../ingestion.config';

export const PILOT_API_PREFIX = '/pilot/v1/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pilot the bearer token names; set for every request under /pilot/v1/. */
    pilotAccountId?: string;
  }
}

const unauthorized = (message: string): ApiError =>
  new ApiError('UNAUTHORIZED', message, undefined, { 'WWW-Authenticate': 'Bearer' });

/**
 * Whether the request is the pilot app's: its path as sent is under the prefix (an unknown path
 * there is answered 401 before 404), or the route it reached is. The second matters because the
 * router decodes the path: `/%70ilot/v1/totals` reaches the route of `/pilot/v1/totals`.
 */
const isPilotRequest = (request: FastifyRequest): boolean =>
  request.url.startsWith(PILOT_API_PREFIX) ||
  (request.routeOptions.url?.startsWith(PILOT_API_PREFIX) ?? false);

/**
 * Authenticates every pilot app request, a global guard ahead of RequestBodyGuard: a request without
 * a valid token is answered 401 whatever else is wrong with it, its body included. By the prefix,
 * not per route, so no pilot route can be left open; the same check runs for a path under the prefix
 * that no route takes (answered 401 before 404).
 */
@Injectable()
export class PilotAuthGuard implements CanActivate, UnroutedRequestCheck {
  constructor(
    private readonly verifier: PilotJwtVerifier,
    private readonly failures: FailedAuthentications,
    private readonly config: IngestionConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = httpRequestOf(context);
    if (!isPilotRequest(request)) return true;
    return this.authenticate(request).then(() => true);
  }

  async checkUnrouted(request: FastifyRequest): Promise<void> {
    if (isPilotRequest(request)) await this.authenticate(request);
  }

  private async authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_\-.=]+)$/i.exec(header.trim()) : null;
    if (!match?.[1])
      return this.refuse(request, () =>
        unauthorized('A pilot token is required: Authorization: Bearer <token>'),
      );
    try {
      request.pilotAccountId = (await this.verifier.verify(match[1])).pilotAccountId;
    } catch (err) {
      if (err instanceof PilotTokenRejected)
        return this.refuse(request, () => unauthorized('The pilot token is not valid'));
      throw new ApiError('SERVICE_UNAVAILABLE', 'The pilot token cannot be checked now', undefined, {
        'Retry-After': '5',
      });
    }
  }

  /** 401, or 429 once this address has failed too often this minute, as the partner API limits its keys' guessing. */
  private refuse(request: FastifyRequest, unauthorized: () => ApiError): Promise<never> {
    return this.failures.refuse(
      'pilot-auth-failures',
      request.ip,
      this.config.PILOT_AUTH_FAILURES_PER_MINUTE,
      unauthorized,
    );
  }
}
