"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.todayUtc = void 0;
/** Today's date in UTC, `YYYY-MM-DD`: what the flight date rule is checked against. */
const todayUtc = () => new Date().toISOString().slice(0, 10);
exports.todayUtc = todayUtc;
//# sourceMappingURL=today.js.map