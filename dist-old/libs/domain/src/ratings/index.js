"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isAirplaneRatingKey = exports.findRating = exports.buildRatingCatalog = exports.RATING_CATALOG_SOURCE = exports.RATING_CATALOG = exports.typeRatingKey = exports.TYPE_RATING_KEY_PREFIX = exports.CLASS_RATING_KEYS = void 0;
var rating_key_1 = require("./rating-key");
Object.defineProperty(exports, "CLASS_RATING_KEYS", { enumerable: true, get: function () { return rating_key_1.CLASS_RATING_KEYS; } });
Object.defineProperty(exports, "TYPE_RATING_KEY_PREFIX", { enumerable: true, get: function () { return rating_key_1.TYPE_RATING_KEY_PREFIX; } });
Object.defineProperty(exports, "typeRatingKey", { enumerable: true, get: function () { return rating_key_1.typeRatingKey; } });
var rating_catalog_1 = require("./rating-catalog");
Object.defineProperty(exports, "RATING_CATALOG", { enumerable: true, get: function () { return rating_catalog_1.RATING_CATALOG; } });
Object.defineProperty(exports, "RATING_CATALOG_SOURCE", { enumerable: true, get: function () { return rating_catalog_1.RATING_CATALOG_SOURCE; } });
Object.defineProperty(exports, "buildRatingCatalog", { enumerable: true, get: function () { return rating_catalog_1.buildRatingCatalog; } });
Object.defineProperty(exports, "findRating", { enumerable: true, get: function () { return rating_catalog_1.findRating; } });
Object.defineProperty(exports, "isAirplaneRatingKey", { enumerable: true, get: function () { return rating_catalog_1.isAirplaneRatingKey; } });
//# sourceMappingURL=index.js.map