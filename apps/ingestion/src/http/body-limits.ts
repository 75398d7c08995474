import { RouteConfig } from '@nestjs/platform-fastify';
import { type FastifyInstance } from 'fastify';

/** The pilot app API's bodies: 16 KB, and 1 MB for a logbook import (`pilot-app-api.md`). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const IMPORT_BODY_LIMIT = 1024 * 1024;

/** Gives one route a larger body limit than the default (at most the server's). */
export const BodyLimit = (bytes: number): MethodDecorator => RouteConfig({ bodyLimit: bytes });

/**
 * Nest passes a route's `config` to Fastify but not its `bodyLimit`, so this onRoute hook moves it
 * there and holds every other route to the default. The body is read up to that limit and a larger
 * one refused (400 INVALID_REQUEST, `too_large`) after the pilot's token is checked (request-body.ts
 * in the platform library).
 */
export function applyBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const config: unknown = route.config;
    const configured =
      typeof config === 'object' && config !== null && 'bodyLimit' in config ? config.bodyLimit : undefined;
    route.bodyLimit ??= typeof configured === 'number' ? configured : DEFAULT_BODY_LIMIT;
  });
}
