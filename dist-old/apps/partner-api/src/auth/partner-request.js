"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=partner-request.js.map