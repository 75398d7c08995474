import { RouteConfig } from '@nestjs/platform-fastify';
import { type FastifyInstance } from 'fastify';
import { ApiError } from '@pft/platform';

/** The pilot app API's bodies: 16 KB, and 1 MB for a logbook import (`pilot-app-api.md`). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const IMPORT_BODY_LIMIT = 1024 * 1024;

/** Gives one route a larger body limit than the default (at most the server's). */
export const BodyLimit = (bytes: number): MethodDecorator => RouteConfig({ bodyLimit: bytes });

/**
 * Nest passes a route's `config` to Fastify but not its `bodyLimit`, so this onRoute hook moves it
 * there (Fastify reads it after the hooks ran) and holds every other route to the default. Fastify then
 * refuses a larger body while reading it, before any JSON is parsed: 400 INVALID_REQUEST, `too_large`.
 */
export function applyBodyLimits(fastify: FastifyInstance): void {
  // Nest turns Fastify's own body-too-large error into a bare 413 HttpException, losing its code; a
  // declared Content-Length over the route's limit is refused here first, with the contract's detail.
  // (A chunked body over the limit is still cut off by Fastify: 400 INVALID_REQUEST, without the detail.)
  fastify.addHook('preParsing', (request, _reply, _payload, done) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (limit !== undefined && Number.isFinite(declared) && declared > limit) {
      done(
        new ApiError('INVALID_REQUEST', `The request body is larger than ${limit} bytes`, [
          { field: 'body', issue: 'too_large', message: `must be at most ${limit} bytes` },
        ]),
      );
      return;
    }
    done();
  });
  fastify.addHook('onRoute', (route) => {
    const config: unknown = route.config;
    const configured =
      typeof config === 'object' && config !== null && 'bodyLimit' in config ? config.bodyLimit : undefined;
    route.bodyLimit ??= typeof configured === 'number' ? configured : DEFAULT_BODY_LIMIT;
  });
}
