import { type FastifyInstance } from 'fastify';
import { applyRouteBodyLimits } from '@pft/platform';

export { BodyLimit } from '@pft/platform';

/** The pilot app API's bodies: 16 KB, and 1 MB for a logbook import (`pilot-app-api.md`). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const IMPORT_BODY_LIMIT = 1024 * 1024;

/** Holds every route to DEFAULT_BODY_LIMIT but those given another with `@BodyLimit`. */
export function applyBodyLimits(fastify: FastifyInstance): void {
  applyRouteBodyLimits(fastify, DEFAULT_BODY_LIMIT);
}
