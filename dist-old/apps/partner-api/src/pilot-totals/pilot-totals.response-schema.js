"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PILOT_TOTALS_VIEW_SCHEMA = void 0;
const contracts_1 = require("../../../../libs/contracts/src/index.js");
/**
 * JSON schema of one totals answer, for its serializer (pilot-totals.json.ts: fast-json-stringify,
 * several times faster than JSON.stringify). Not the public description: that is docs/openapi.json,
 * from the DTOs. A property missing here would be left out of the answer, which the end-to-end
 * tests that compare whole bodies would show.
 */
exports.PILOT_TOTALS_VIEW_SCHEMA = (0, contracts_1.totalsAnswerSchema)({
    pilot_id: { type: 'string' },
    last_updated: { type: 'string' },
});
//# sourceMappingURL=pilot-totals.response-schema.js.map