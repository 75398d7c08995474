import { type FastifyInstance } from 'fastify';
import { successEnvelope } from './envelope';

/**
 * Wraps what a handler answers with in `{ data, meta }`, as a Fastify preSerialization hook.
 *
 * Fastify calls the hook only for payloads it is about to serialize, so what is already a string, a
 * Buffer or a stream (metrics text, the rating dictionary's prepared JSON) and an empty 204 or 304 go
 * out as they are. Error bodies (4xx, 5xx) come enveloped from the error filter and are left alone.
 *
 * A Nest interceptor would do the same per route; it costs an observable chain and async-resource
 * bindings per request, which on this stack took most of the time of a trivial request.
 */
export function envelopeResponses(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    done(null, reply.statusCode >= 400 ? payload : successEnvelope(payload, request.id));
  });
}
