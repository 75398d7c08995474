"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.at = void 0;
/** Joins a JSON path: `at('flights[3]', 'minutes')` is `flights[3].minutes`; the root is ''. */
const at = (path, key) => (path === '' ? key : `${path}.${key}`);
exports.at = at;
//# sourceMappingURL=validation-issue.js.map