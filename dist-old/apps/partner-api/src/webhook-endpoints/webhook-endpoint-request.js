"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MESSAGES = void 0;
exports.parseNewEndpoint = parseNewEndpoint;
exports.parseDeliveriesLimit = parseDeliveriesLimit;
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
exports.MESSAGES = {
    mediaType: 'The request body must be application/json',
    notObject: 'The request body must be a JSON object',
    url: 'url must be an absolute https:// URL',
    privateUrl: 'url must not point at a loopback, private, link-local or unique-local address',
    events: 'events must be a non-empty list of pilot.linked, pilot.disconnected and pilot_totals.updated',
    tooMany: 'A partner account may have at most 5 webhook endpoints',
    limit: 'limit must be given once, as a whole number from 1 to 100',
    notFound: 'No webhook endpoint with this id',
    disabled: 'The webhook endpoint is disabled',
};
/** The body of `POST /v1/webhook-endpoints`, checked; `allowPrivate` is WEBHOOK_ALLOW_PRIVATE_URLS. */
function parseNewEndpoint(contentType, body, allowPrivate) {
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json')
        throw new platform_1.ApiError('INVALID_REQUEST', exports.MESSAGES.mediaType, [
            { field: 'body', issue: 'unsupported_media_type' },
        ]);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new platform_1.ApiError('INVALID_REQUEST', exports.MESSAGES.notObject, [{ field: 'body', issue: 'not_an_object' }]);
    const fields = body;
    const url = (0, domain_1.checkWebhookUrl)(fields.url, allowPrivate);
    if (!url.ok) {
        const issue = fields.url === undefined ? 'required' : url.issue;
        throw new platform_1.ApiError('INVALID_REQUEST', url.issue === 'private_address' ? exports.MESSAGES.privateUrl : exports.MESSAGES.url, [{ field: 'url', issue }]);
    }
    const events = (0, domain_1.parseEndpointEvents)(fields.events);
    if (!events.ok)
        throw new platform_1.ApiError('INVALID_REQUEST', exports.MESSAGES.events, [{ field: 'events', issue: events.issue }]);
    return { url: url.url, events: events.events };
}
/** `limit` of the deliveries log: 1 to 100, default 20; other parameters are ignored, as elsewhere. */
function parseDeliveriesLimit(query) {
    const limit = query.limit;
    if (limit === undefined)
        return 20;
    if (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)
        throw new platform_1.ApiError('INVALID_REQUEST', exports.MESSAGES.limit, [{ field: 'limit', issue: 'out_of_range' }]);
    return Number(limit);
}
//# sourceMappingURL=webhook-endpoint-request.js.map