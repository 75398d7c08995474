"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=pilot-totals.view.js.map