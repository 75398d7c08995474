import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';

/**
 * Adds to a route's Fastify `config` (Nest's RouteConfig) rather than replacing it, so that several
 * decorators (GetOnly, BodyLimit) can each give a part of it, in any order.
 */
export const WithRouteConfig =
  (config: Record<string, unknown>): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const earlier = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as object | undefined;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...earlier, ...config }, handler);
    return descriptor;
  };

/**
 * Marks a GET route that takes GET alone. Fastify answers HEAD on every GET route by running the GET's
 * handler and dropping the body, sending its headers (Content-Length among them): the handler's work
 * (and what it records) is done for an answer that carries none of it. On such a route HEAD is answered
 * as any method the path does not take (the app's check of unrouted requests, then 405
 * METHOD_NOT_ALLOWED), and the path's `Allow` does not list it.
 */
export const GetOnly = (): MethodDecorator => WithRouteConfig({ getOnly: true });

/**
 * For the onRoute hook: makes the HEAD Fastify adds to a GetOnly route, or to any GET route whose path
 * is under `getOnlyUnder` (an API whose every read is GET alone), answer as a request no route takes
 * (its handler calls the not-found path). True when `route` was one: it is then no method of the
 * path, and the app's route table must not list it.
 */
export function refuseHeadOfGetOnly(route: RouteOptions, getOnlyUnder?: string): boolean {
  const config: unknown = route.config;
  const getOnly =
    (typeof config === 'object' && config !== null && 'getOnly' in config && config.getOnly === true) ||
    (getOnlyUnder !== undefined && route.url.startsWith(getOnlyUnder));
  if (!getOnly || route.method !== 'HEAD') return false;
  route.handler = (_request: FastifyRequest, reply: FastifyReply) => {
    reply.callNotFound();
  };
  return true;
}
