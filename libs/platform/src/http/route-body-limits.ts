import { type FastifyInstance } from 'fastify';
import { WithRouteConfig } from './get-only';

/** Gives one route another body limit than its app's default (at most the server's `bodyLimit`). */
export const BodyLimit = (bytes: number): MethodDecorator => WithRouteConfig({ bodyLimit: bytes });

/**
 * Nest passes a route's `config` to Fastify but not its `bodyLimit`, so this onRoute hook moves it
 * there and holds every other route to `defaultLimit`. The body is read up to that limit and a larger
 * one refused (400 INVALID_REQUEST, `too_large`) after the route's guards (request-body.ts). Applied
 * before the app's routes are registered (before `init`).
 */
export function applyRouteBodyLimits(fastify: FastifyInstance, defaultLimit: number): void {
  fastify.addHook('onRoute', (route) => {
    const config: unknown = route.config;
    const configured =
      typeof config === 'object' && config !== null && 'bodyLimit' in config ? config.bodyLimit : undefined;
    route.bodyLimit ??= typeof configured === 'number' ? configured : defaultLimit;
  });
}
