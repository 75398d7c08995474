"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=queryable.js.map