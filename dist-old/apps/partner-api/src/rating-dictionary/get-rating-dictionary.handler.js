"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetRatingDictionaryHandler = void 0;
const node_crypto_1 = require("node:crypto");
const cqrs_1 = require("@nestjs/cqrs");
const domain_1 = require("../../../../libs/domain/src/index.js");
const get_rating_dictionary_query_1 = require("./get-rating-dictionary.query");
const dataJson = JSON.stringify({ ratings: domain_1.RATING_CATALOG });
const DICTIONARY = Object.freeze({
    dataJson,
    etag: `"${(0, node_crypto_1.createHash)('sha256').update(dataJson).digest('base64url')}"`,
});
let GetRatingDictionaryHandler = class GetRatingDictionaryHandler {
    execute() {
        return Promise.resolve(DICTIONARY);
    }
};
exports.GetRatingDictionaryHandler = GetRatingDictionaryHandler;
exports.GetRatingDictionaryHandler = GetRatingDictionaryHandler = __decorate([
    (0, cqrs_1.QueryHandler)(get_rating_dictionary_query_1.GetRatingDictionaryQuery)
], GetRatingDictionaryHandler);
//# sourceMappingURL=get-rating-dictionary.handler.js.map