"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
__exportStar(require("./projection-tables"), exports);
__exportStar(require("./projection-versions"), exports);
__exportStar(require("./projection-rebuild"), exports);
__exportStar(require("./projection-metrics"), exports);
__exportStar(require("./pilot-totals.read-model"), exports);
__exportStar(require("./pilot-totals.batch"), exports);
__exportStar(require("./pilot-totals.consumer"), exports);
__exportStar(require("./projection-status"), exports);
__exportStar(require("./pilot-totals.erasure"), exports);
//# sourceMappingURL=index.js.map