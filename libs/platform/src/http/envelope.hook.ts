import { type FastifyInstance } from 'fastify';
import { SerializedJson, successEnvelope, successEnvelopeBytes, successEnvelopeJson } from './envelope';
import { ResponseMemory } from './response-memory';

/**
 * Sends the wrapped payload as it is. Typed as Fastify types a serializer (to a string), though it
 * also hands on a Buffer: Fastify sends a serializer's string or Buffer alike.
 */
const asIs = (payload: unknown): string => payload as string;

/**
 * Wraps what a handler answers with in `{ data, meta }`, as a Fastify preSerialization hook.
 *
 * Fastify calls the hook only for payloads it is about to serialize, so what is already a string, a
 * Buffer or a stream (metrics text, the rating dictionary's prepared JSON) and an empty 204 or 304 go
 * out as they are. Error bodies (4xx, 5xx) come enveloped from the error filter and are left alone.
 *
 * A SerializedJson is wrapped as text (or as bytes, when it comes as bytes), and this reply's
 * serializer told to send it as it is.
 *
 * A Nest interceptor would do the same per route; it costs an observable chain and async-resource
 * bindings per request, which on this stack took most of the time of a trivial request.
 */
export function envelopeResponses(fastify: FastifyInstance): void {
  const memory = new ResponseMemory();
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    if (payload instanceof SerializedJson) {
      void reply.serializer(asIs);
      const { json } = payload;
      if (typeof json === 'string') return done(null, successEnvelopeJson(json, request.id));
      // Bytes (a batch): written into memory lent for this response, given back once it is sent. A
      // response that never finishes (its connection lost) keeps it, and the collector takes it.
      const body = successEnvelopeBytes(json, request.id, (size) => memory.lend(size));
      reply.raw.once('finish', () => memory.giveBack(body));
      return done(null, body);
    }
    done(null, successEnvelope(payload, request.id));
  });
}
