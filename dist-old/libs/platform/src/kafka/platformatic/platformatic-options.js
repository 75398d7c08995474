"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.withoutUndefined = withoutUndefined;
/**
 * The object without its undefined properties: the client validates its options against a schema,
 * which rejects a property present with no value where the port leaves it to the client's default.
 */
function withoutUndefined(options) {
    return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}
//# sourceMappingURL=platformatic-options.js.map