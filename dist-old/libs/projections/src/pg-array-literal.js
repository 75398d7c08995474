"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.unquotedArrayLiteral = unquotedArrayLiteral;
exports.integerArraysLiteral = integerArraysLiteral;
/**
 * A Postgres array literal built in one pass. node-postgres quotes and escapes every element of an
 * array parameter on its own (two regular expressions each), and a batch sends arrays of tens of
 * thousands of elements. Only for elements that never need quoting: numbers, uuids, ISO dates,
 * the lower-case words of a closed set (flight kinds, aircraft categories); null stands for NULL.
 */
function unquotedArrayLiteral(values) {
    let literal = '{';
    for (let i = 0; i < values.length; i += 1) {
        const value = values[i];
        literal += (i === 0 ? '' : ',') + (value === null || value === undefined ? 'NULL' : String(value));
    }
    return literal + '}';
}
/** An array literal of integer arrays, as `text[]` whose elements are cast one by one. */
function integerArraysLiteral(arrays) {
    let literal = '{';
    for (let i = 0; i < arrays.length; i += 1)
        literal += `${i === 0 ? '' : ','}"{${arrays[i].join(',')}}"`;
    return literal + '}';
}
//# sourceMappingURL=pg-array-literal.js.map