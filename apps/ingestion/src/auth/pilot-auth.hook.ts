import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '@pft/platform';
import { type PilotJwtVerifier, PilotTokenRejected } from '@pft/access/pilot-auth/pilot-jwt';

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
 * Authenticates every pilot app request in onRequest, before its body is even read, so a request
 * without a valid token is answered 401 whatever else is wrong with it (authentication is checked first).
 */
export function applyPilotAuthentication(fastify: FastifyInstance, verifier: PilotJwtVerifier): void {
  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    if (!isPilotRequest(request)) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_\-.=]+)$/i.exec(header.trim()) : null;
    if (!match?.[1]) throw unauthorized('A pilot token is required: Authorization: Bearer <token>');
    try {
      request.pilotAccountId = (await verifier.verify(match[1])).pilotAccountId;
    } catch (err) {
      if (err instanceof PilotTokenRejected) throw unauthorized('The pilot token is not valid');
      throw new ApiError('SERVICE_UNAVAILABLE', 'The pilot token cannot be checked now', undefined, {
        'Retry-After': '5',
      });
    }
  });
}
