"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SerializedJson = exports.API_VERSION = void 0;
exports.meta = meta;
exports.successEnvelope = successEnvelope;
exports.successEnvelopeJson = successEnvelopeJson;
exports.successEnvelopeBytes = successEnvelopeBytes;
exports.errorEnvelope = errorEnvelope;
exports.API_VERSION = 'v1';
function meta(requestId) {
    return { api_version: exports.API_VERSION, request_id: requestId };
}
function successEnvelope(data, requestId) {
    return { data, meta: meta(requestId) };
}
/**
 * A handler's answer already serialized as JSON, for answers that are read far more often than
 * they change (a pilot's totals kept in memory): the envelope hook wraps it as it is instead of
 * serializing the same object again on every request. Either the text, or its UTF-8 bytes in pieces
 * that make the text when sent one after the other (a batch of answers each kept as bytes: the
 * response is then one copy of them, never a string to join and encode again).
 */
class SerializedJson {
    json;
    constructor(json) {
        this.json = json;
    }
}
exports.SerializedJson = SerializedJson;
const metaJson = (requestId) => `"meta":{"api_version":"${exports.API_VERSION}","request_id":${JSON.stringify(requestId)}}`;
/** The success envelope around data that is JSON text already. */
function successEnvelopeJson(dataJson, requestId) {
    return `{"data":${dataJson},${metaJson(requestId)}}`;
}
const DATA_OPENING = Buffer.from('{"data":');
/** The success envelope around data given as pieces of JSON bytes, as one buffer. */
function successEnvelopeBytes(dataChunks, requestId) {
    return Buffer.concat([DATA_OPENING, ...dataChunks, Buffer.from(`,${metaJson(requestId)}}`)]);
}
function errorEnvelope(code, message, requestId, details) {
    return { error: details?.length ? { code, message, details } : { code, message }, meta: meta(requestId) };
}
//# sourceMappingURL=envelope.js.map