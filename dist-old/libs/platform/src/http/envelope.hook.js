"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.envelopeResponses = envelopeResponses;
const envelope_1 = require("./envelope");
/**
 * Sends the wrapped payload as it is. Typed as Fastify types a serializer (to a string), though it
 * also hands on a Buffer: Fastify sends a serializer's string or Buffer alike.
 */
const asIs = (payload) => payload;
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
function envelopeResponses(fastify) {
    fastify.addHook('preSerialization', (request, reply, payload, done) => {
        if (reply.statusCode >= 400)
            return done(null, payload);
        if (payload instanceof envelope_1.SerializedJson) {
            void reply.serializer(asIs);
            const { json } = payload;
            return done(null, typeof json === 'string'
                ? (0, envelope_1.successEnvelopeJson)(json, request.id)
                : (0, envelope_1.successEnvelopeBytes)(json, request.id));
        }
        done(null, (0, envelope_1.successEnvelope)(payload, request.id));
    });
}
//# sourceMappingURL=envelope.hook.js.map