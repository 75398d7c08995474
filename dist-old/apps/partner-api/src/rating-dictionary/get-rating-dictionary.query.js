"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetRatingDictionaryQuery = void 0;
/** The airplane rating dictionary: the same for every partner and every request. */
class GetRatingDictionaryQuery {
}
exports.GetRatingDictionaryQuery = GetRatingDictionaryQuery;
//# sourceMappingURL=get-rating-dictionary.query.js.map