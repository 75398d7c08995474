"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.todayUtc = void 0;
/** Today's UTC date, `YYYY-MM-DD`: the flight rules refuse dates after tomorrow. */
const todayUtc = () => new Date().toISOString().slice(0, 10);
exports.todayUtc = todayUtc;
//# sourceMappingURL=today.js.map