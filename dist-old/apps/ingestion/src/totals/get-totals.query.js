"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetTotalsQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** The pilot's own totals, as of the moment of the read. */
class GetTotalsQuery extends cqrs_1.Query {
    pilot;
    constructor(pilot) {
        super();
        this.pilot = pilot;
    }
}
exports.GetTotalsQuery = GetTotalsQuery;
//# sourceMappingURL=get-totals.query.js.map