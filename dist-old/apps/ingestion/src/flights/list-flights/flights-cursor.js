"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.encodeCursor = encodeCursor;
exports.decodeCursor = decodeCursor;
const domain_1 = require("../../../../../libs/domain/src/index.js");
function encodeCursor(cursor) {
    return Buffer.from(`${cursor.date}|${cursor.flightId}`, 'utf8').toString('base64url');
}
function decodeCursor(value) {
    const [date, flightId, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
    if (rest.length > 0 || !date || !flightId || !(0, domain_1.isCalendarDate)(date) || !(0, domain_1.isUuid)(flightId))
        return null;
    return { date, flightId };
}
//# sourceMappingURL=flights-cursor.js.map