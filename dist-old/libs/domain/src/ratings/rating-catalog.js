"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RATING_CATALOG_SOURCE = exports.RATING_CATALOG = void 0;
exports.buildRatingCatalog = buildRatingCatalog;
exports.isAirplaneRatingKey = isAirplaneRatingKey;
exports.findRating = findRating;
const easa_airplane_ratings_json_1 = __importDefault(require("./easa-airplane-ratings.json"));
const rating_key_1 = require("./rating-key");
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function requireString(obj, field, where) {
    const value = obj[field];
    if (typeof value !== 'string' || value.trim() === '') {
        throw new Error(`Rating catalog: ${where} needs a non-empty string "${field}"`);
    }
    return value;
}
function requireArray(obj, field) {
    const value = obj[field];
    if (!Array.isArray(value)) {
        throw new Error(`Rating catalog: "${field}" must be an array`);
    }
    return value;
}
/** Plain byte-order comparison (keys are ASCII); deliberately not localeCompare. */
function compareKeys(a, b) {
    if (a.key < b.key)
        return -1;
    if (a.key > b.key)
        return 1;
    return 0;
}
/**
 * Builds the catalog from the data file's shape: class ratings first in the spec's order, then
 * type ratings sorted by key in byte order. Throws a descriptive Error when the data is malformed,
 * when the class keys differ from the spec's seven, or when two entries end up with the same key.
 * Every returned object is frozen.
 */
function buildRatingCatalog(data) {
    if (!isObject(data)) {
        throw new Error('Rating catalog: data must be a JSON object');
    }
    const source = Object.freeze({
        source: requireString(data, 'source', 'the catalog'),
        compiled: requireString(data, 'compiled', 'the catalog'),
    });
    const classEntries = requireArray(data, 'class_ratings').map((raw, i) => {
        if (!isObject(raw))
            throw new Error(`Rating catalog: class_ratings[${i}] must be an object`);
        const where = `class_ratings[${i}]`;
        return {
            key: requireString(raw, 'key', where),
            label: requireString(raw, 'label', where),
            category: 'class_rating',
        };
    });
    const classKeys = classEntries.map((e) => e.key);
    if (classKeys.join(',') !== rating_key_1.CLASS_RATING_KEYS.join(',')) {
        throw new Error(`Rating catalog: class ratings must be exactly ${rating_key_1.CLASS_RATING_KEYS.join(', ')} in that order, got ${classKeys.join(', ')}`);
    }
    const typeRatings = requireArray(data, 'type_ratings');
    const typeEntries = [];
    /** key -> where it came from, to name both sides of a collision. */
    const origins = new Map(classEntries.map((e, i) => [e.key, `class_ratings[${i}]`]));
    typeRatings.forEach((raw, i) => {
        const where = `type_ratings[${i}]`;
        if (!isObject(raw))
            throw new Error(`Rating catalog: ${where} must be an object`);
        const designator = requireString(raw, 'designator', where);
        const key = (0, rating_key_1.typeRatingKey)(designator);
        const origin = `${where} (designator ${JSON.stringify(designator)})`;
        const previous = origins.get(key);
        if (previous !== undefined) {
            throw new Error(`Rating catalog: duplicate rating key "${key}" from ${previous} and ${origin}`);
        }
        origins.set(key, origin);
        typeEntries.push({
            key,
            label: requireString(raw, 'label', where),
            category: 'type_rating',
            manufacturer: requireString(raw, 'manufacturer', where),
        });
    });
    typeEntries.sort(compareKeys);
    const entries = [...classEntries, ...typeEntries];
    return Object.freeze({
        entries: Object.freeze(entries.map((entry) => Object.freeze(entry))),
        source,
    });
}
const CATALOG = buildRatingCatalog(easa_airplane_ratings_json_1.default);
/** The full airplane rating catalog, in dictionary order. Frozen. */
exports.RATING_CATALOG = CATALOG.entries;
/** Where the catalog data comes from, and when it was compiled. Frozen. */
exports.RATING_CATALOG_SOURCE = CATALOG.source;
const KEYS = new Set(exports.RATING_CATALOG.map((entry) => entry.key));
const BY_KEY = new Map(exports.RATING_CATALOG.map((entry) => [entry.key, entry]));
/** True when `key` is one of the seven class keys or a catalog type key (exact, case-sensitive). */
function isAirplaneRatingKey(key) {
    return KEYS.has(key);
}
/** The catalog entry for `key`, or undefined when there is none. */
function findRating(key) {
    return BY_KEY.get(key);
}
//# sourceMappingURL=rating-catalog.js.map