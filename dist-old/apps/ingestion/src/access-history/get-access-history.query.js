"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetAccessHistoryQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Which partners read the pilot's totals and when, with links and disconnects, over the last `days` days. */
class GetAccessHistoryQuery extends cqrs_1.Query {
    pilot;
    days;
    constructor(pilot, 
    /** 1 to 365. */
    days) {
        super();
        this.pilot = pilot;
        this.days = days;
    }
}
exports.GetAccessHistoryQuery = GetAccessHistoryQuery;
//# sourceMappingURL=get-access-history.query.js.map