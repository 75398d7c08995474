"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.rowsOf = void 0;
/** TypeORM answers a query with the rows, pg with a result holding them: the rows either way. */
const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);
exports.rowsOf = rowsOf;
//# sourceMappingURL=rows-of.js.map