"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RatingDictionaryController = void 0;
exports.etagMatches = etagMatches;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const swagger_1 = require("@nestjs/swagger");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const openapi_responses_1 = require("../openapi/openapi-responses");
const error_examples_1 = require("../openapi/error-examples");
const get_rating_dictionary_query_1 = require("./get-rating-dictionary.query");
const rating_dictionary_dto_1 = require("./rating-dictionary.dto");
const CACHE_CONTROL = 'public, max-age=3600';
const CACHING_HEADERS = {
    ETag: { description: 'Strong validator of the dictionary', schema: { type: 'string' } },
    'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } },
};
/** True when `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header) or is `*`. */
function etagMatches(ifNoneMatch, etag) {
    if (ifNoneMatch === undefined)
        return false;
    return ifNoneMatch
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''))
        .some((tag) => tag === '*' || tag === etag);
}
let RatingDictionaryController = class RatingDictionaryController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    async get(ifNoneMatch, request, reply) {
        const dictionary = await this.queryBus.execute(new get_rating_dictionary_query_1.GetRatingDictionaryQuery());
        void reply.header('ETag', dictionary.etag).header('Cache-Control', CACHE_CONTROL);
        if (etagMatches(ifNoneMatch, dictionary.etag)) {
            await reply.status(304).send();
            return;
        }
        await reply
            .type('application/json; charset=utf-8')
            .send(`{"data":${dictionary.dataJson},"meta":${JSON.stringify((0, platform_1.meta)(request.id))}}`);
    }
};
exports.RatingDictionaryController = RatingDictionaryController;
__decorate([
    (0, common_1.Get)(),
    (0, partner_endpoint_decorator_1.PartnerReadEndpoint)('rating-dictionary'),
    (0, swagger_1.ApiOperation)({
        summary: 'The airplane rating dictionary',
        description: 'Scope `rating-dictionary` (off by default). Answered with `ETag` and `Cache-Control: ' +
            `${CACHE_CONTROL}\`; a request whose \`If-None-Match\` matches gets 304 without a body (still counted ` +
            'by the rate limit).',
    }),
    (0, swagger_1.ApiHeader)({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer' }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, rating_dictionary_dto_1.RatingDictionaryDto, CACHING_HEADERS),
    (0, openapi_responses_1.ApiBodylessResponse)(304, 'Not modified: the ETag in If-None-Match is current', CACHING_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INSUFFICIENT_SCOPE'], { INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('rating-dictionary')] }),
    __param(0, (0, common_1.Headers)('if-none-match')),
    __param(1, (0, common_1.Req)()),
    __param(2, (0, common_1.Res)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], RatingDictionaryController.prototype, "get", null);
exports.RatingDictionaryController = RatingDictionaryController = __decorate([
    (0, swagger_1.ApiTags)('rating-dictionary'),
    (0, common_1.Controller)('v1/rating-dictionary'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], RatingDictionaryController);
//# sourceMappingURL=rating-dictionary.controller.js.map