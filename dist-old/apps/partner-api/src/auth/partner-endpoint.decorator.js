"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CurrentPartner = exports.PartnerWriteEndpoint = exports.PartnerReadEndpoint = exports.PartnerEndpoint = void 0;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const platform_1 = require("../../../../libs/platform/src/index.js");
const idempotency_interceptor_1 = require("../idempotency/idempotency.interceptor");
const openapi_responses_1 = require("../openapi/openapi-responses");
const partner_rate_limit_guard_1 = require("../rate-limit/partner-rate-limit.guard");
const partner_key_guard_1 = require("./partner-key.guard");
const partner_scope_guard_1 = require("./partner-scope.guard");
/** The checks of every partner route, in the contract's order: a valid key (401), its rate limit (429), the scope (403). */
const ACCESS_GUARDS = [partner_key_guard_1.PartnerKeyGuard, partner_rate_limit_guard_1.PartnerRateLimitGuard, partner_scope_guard_1.PartnerScopeGuard];
const partnerRoute = (guards, scope, options) => (0, common_1.applyDecorators)((0, partner_scope_guard_1.RequiredScope)({ scope, sandboxOnly: options.sandboxOnly }), (0, common_1.UseGuards)(...guards), (0, swagger_1.ApiBearerAuth)('api-key'));
/**
 * Marks a route of the partner API. Its guards run in the contract's order: a valid key (401), the
 * key's rate limit (429), `scope` when given (403), and only then the body is parsed (400), so that
 * nothing about the request's input is answered before the key is checked.
 */
const PartnerEndpoint = (scope, options = {}) => partnerRoute([...ACCESS_GUARDS, platform_1.RequestBodyGuard], scope, options);
exports.PartnerEndpoint = PartnerEndpoint;
/**
 * Marks a GET route of the partner API: PartnerEndpoint's checks in the same order, without the body
 * guard, which has nothing to do there (Fastify parses no body for a GET). Each guard is a turn of
 * Nest's guard loop on every request, and reads are the requests partners make most.
 */
const PartnerReadEndpoint = (scope, options = {}) => partnerRoute(ACCESS_GUARDS, scope, options);
exports.PartnerReadEndpoint = PartnerReadEndpoint;
/**
 * Marks a POST of the partner API: a PartnerEndpoint whose `Idempotency-Key` is honoured after all its
 * checks (IdempotencyInterceptor) and documented. Every POST takes it (the OpenAPI test holds each
 * POST to the header); reads do not, so a read never pays for an interceptor.
 */
const PartnerWriteEndpoint = (scope, options = {}) => (0, common_1.applyDecorators)((0, exports.PartnerEndpoint)(scope, options), (0, common_1.UseInterceptors)(idempotency_interceptor_1.IdempotencyInterceptor), (0, openapi_responses_1.ApiIdempotencyKey)());
exports.PartnerWriteEndpoint = PartnerWriteEndpoint;
exports.CurrentPartner = (0, common_1.createParamDecorator)((_, context) => {
    const partner = (0, platform_1.httpRequestOf)(context).callingPartner;
    // The guards run on every route that uses this decorator; reaching here without a partner is our bug.
    if (!partner)
        throw new Error('CurrentPartner used on a route without PartnerEndpoint');
    return partner;
});
//# sourceMappingURL=partner-endpoint.decorator.js.map