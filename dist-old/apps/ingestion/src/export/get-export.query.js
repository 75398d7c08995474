"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetExportQuery = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Everything the service holds about the pilot, as of one moment. */
class GetExportQuery extends cqrs_1.Query {
    pilot;
    constructor(pilot) {
        super();
        this.pilot = pilot;
    }
}
exports.GetExportQuery = GetExportQuery;
//# sourceMappingURL=get-export.query.js.map